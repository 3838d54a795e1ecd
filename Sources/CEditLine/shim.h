/* libedit for Swift: el_set and history are variadic, which Swift cannot call, so each use we
 * need is a small inline function here. stdin/stdout are reached through accessors because
 * Swift 6 treats the C globals as unsafe shared state. */
#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

static inline FILE *cedit_stdin(void) { return stdin; }
static inline FILE *cedit_stdout(void) { return stdout; }
static inline FILE *cedit_stderr(void) { return stderr; }

static inline int cedit_is_terminal(void) { return isatty(0) && isatty(1); }

/* The terminal's width in columns (ioctl is variadic), or 0 when unknown. */
static inline int cedit_terminal_width(void) {
  struct winsize size;
  return ioctl(1, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

typedef const char *(*cedit_prompt_fn)(EditLine *);
typedef unsigned char (*cedit_key_fn)(EditLine *, int);

/* Emacs keys, a prompt, history, TAB bound to `complete`, and Ctrl-C bound to `cancel`
 * (the terminal's own interrupt character is turned off while editing so the key reaches us). */
static inline void cedit_el_setup(EditLine *el, cedit_prompt_fn prompt, History *history_,
                                    cedit_key_fn complete, cedit_key_fn cancel) {
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_PROMPT, prompt);
  el_set(el, EL_HIST, history, history_);
  el_set(el, EL_ADDFN, "tessera-complete", "complete a command, layout, option or path", complete);
  el_set(el, EL_BIND, "^I", "tessera-complete", NULL);
  el_set(el, EL_ADDFN, "tessera-cancel", "cancel the line", cancel);
  el_set(el, EL_SETTY, "-d", "-isig", NULL);
  el_set(el, EL_BIND, "^C", "tessera-cancel", NULL);
}

static inline History *cedit_history_init(int size) {
  History *h = history_init();
  HistEvent event;
  history(h, &event, H_SETSIZE, size);
  history(h, &event, H_SETUNIQUE, 1);
  return h;
}

static inline void cedit_history_enter(History *h, const char *line) {
  HistEvent event;
  history(h, &event, H_ENTER, line);
}

static inline void cedit_history_load(History *h, const char *path) {
  HistEvent event;
  history(h, &event, H_LOAD, path);
}

static inline void cedit_history_save(History *h, const char *path) {
  HistEvent event;
  history(h, &event, H_SAVE, path);
}

/* The text before the cursor. */
static inline int cedit_el_line_before_cursor(EditLine *el, const char **start) {
  const LineInfo *info = el_line(el);
  *start = info->buffer;
  return (int)(info->cursor - info->buffer);
}

/* Clears the whole line buffer. */
static inline void cedit_el_clear_line(EditLine *el) {
  const LineInfo *info = el_line(el);
  el_cursor(el, (int)(info->lastchar - info->cursor));
  el_deletestr(el, (int)(info->lastchar - info->buffer));
}

#endif
