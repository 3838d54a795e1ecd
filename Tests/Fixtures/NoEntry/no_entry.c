/* A shared library that is not a Tessera plugin: it exports no tessera_plugin_entry. */
int fixture_something_else(int x) { return x + 1; }
