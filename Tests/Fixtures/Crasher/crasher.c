/* A plugin that takes its process down on request, so sessions pin that a plugin fault costs
 * only the command that was running: layout "crasher", option mode=
 *   ok        one 10x10 cell, behaving well
 *   segfault  writes through NULL in prepare            (SIGSEGV)
 *   abort     calls abort() in prepare                  (SIGABRT)
 *   exit      calls exit(0) in prepare                  (a plugin must never exit)
 *   hang      loops forever in prepare                  (the watchdog, or Ctrl-C)
 *   stack     recurses without end in prepare           (stack overflow: SIGSEGV)
 *   overrun   writes records past the buffer it is given, in the rect query
 *   query     writes through NULL in the rect query     (SIGSEGV)
 *   flaky     behaves as ok, but crashes in the rect query while the file the environment
 *             variable TESSERA_CRASHER_ARMED names exists, and in prepare too while that file
 *             is not empty (a plugin that fails now and then)
 *   closefds  closes descriptors 3 and 4 in prepare (the engine's pipes) and returns
 *   junk      writes junk on descriptor 4 (the engine's answers) in prepare and returns
 *   bomb      allocates and touches memory in prepare until it is stopped
 *   slowprepare  sleeps 0.3 s in each prepare (a command that lays out takes that long)
 *   fork      forks a child that sleeps for ten minutes holding the engine's pipes, then
 *             segfaults in prepare; the child's pid goes to the file TESSERA_CRASHER_PIDS names
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tessera/tessera.h>
#include <unistd.h>

enum {
  OK, SEGFAULT, ABORT, EXIT, HANG, STACK, OVERRUN, QUERY, FLAKY, FORK, BOMB, CLOSEFDS, JUNK, SLOW,
  BG_CRASH, BG_EXIT, BG_BOMB, BG_JUNK, SLOW_PREPARE, MODE_COUNT
};
static const char *const crasher_modes[] = {
    "ok",   "segfault", "abort", "exit", "hang",    "stack",  "overrun", "query",   "flaky", "fork",
    "bomb", "closefds", "junk",  "slow", "bgcrash", "bgexit", "bgbomb",  "bgjunk", "slowprepare"};


typedef struct crasher {
  int mode;
} crasher;

static const tessera_option_descriptor crasher_options[] = {
    {sizeof(tessera_option_descriptor), TESSERA_OPTION_CHOICE, "mode", "how to take the process down", "ok", 0, 0,
     crasher_modes, MODE_COUNT, 0},
};
static const tessera_element_kind crasher_kinds[] = {
    {sizeof(tessera_element_kind), TESSERA_CATEGORY_CELL, "cell"},
};

/* Read through a pointer the compiler cannot see is NULL. */
static int *volatile nowhere = NULL;
static volatile int depth_sink;

static int recurse(int depth) {
  volatile char frame[4096];
  frame[0] = (char)depth;
  if (depth < 0) return 0; /* never: depth only grows */
  int below = recurse(depth + 1);
  depth_sink = below;
  return below + frame[0];
}

static tessera_layout_instance *crasher_create(const tessera_layout_descriptor *self,
                                               const tessera_data_source *source) {
  (void)self;
  (void)source;
  return (tessera_layout_instance *)calloc(1, sizeof(crasher));
}
static void crasher_destroy(tessera_layout_instance *i) { free(i); }
static const char *crasher_last_error(tessera_layout_instance *i) {
  (void)i;
  return "";
}
static tessera_status crasher_set_options(tessera_layout_instance *i, const tessera_option_value *v, size_t n,
                                          uint32_t stride) {
  (void)stride;
  if (n > 0) ((crasher *)i)->mode = (int)v[0].numbers[0];
  return TESSERA_OK;
}
/* Whether a flaky crasher fails now: 1 in the rect query (the file exists), 2 in prepare too
 * (it is not empty). */
static int armed(void) {
  const char *path = getenv("TESSERA_CRASHER_ARMED");
  if (!path || access(path, F_OK) != 0) return 0;
  FILE *file = fopen(path, "r");
  int full = file && fgetc(file) != EOF;
  if (file) fclose(file);
  return full ? 2 : 1;
}

/* Forks a child that outlives this call, holding every descriptor the engine has. */
static void fork_sleeper(void) {
  pid_t child = fork();
  if (child == 0) {
    sleep(600);
    _exit(0);
  }
  const char *path = getenv("TESSERA_CRASHER_PIDS");
  FILE *file = path ? fopen(path, "w") : NULL;
  if (file) {
    fprintf(file, "%d\n", (int)child);
    fclose(file);
  }
}

/* The bg... modes: prepare returns at once, and a thread of the plugin's own does the harm
 * 0.3 s later, while no command runs. Only once a file: when TESSERA_CRASHER_ONCE names a file
 * that exists (removed as the thread starts), so that the restored session stays quiet. */
static void *background(void *raw) {
  int mode = (int)(intptr_t)raw;
  usleep(300000);
  switch (mode) {
    case BG_CRASH: *nowhere = 5; break;
    case BG_EXIT: exit(3);
    case BG_BOMB:
      for (;;) {
        char *block = malloc(16 << 20);
        if (block) memset(block, 1, 16 << 20);
        usleep(2000);
      }
    case BG_JUNK: {
      static const char junk[] = "junk from a thread\n";
      depth_sink += (int)write(4, junk, sizeof junk);
      break;
    }
    default: break;
  }
  return NULL;
}

static void start_background(int mode) {
  const char *once = getenv("TESSERA_CRASHER_ONCE");
  if (!once || unlink(once) != 0) return;
  pthread_t thread;
  if (pthread_create(&thread, NULL, background, (void *)(intptr_t)mode) == 0) pthread_detach(thread);
}

static tessera_status crasher_prepare(tessera_layout_instance *i) {
  int mode = ((crasher *)i)->mode;
  if (mode == BG_CRASH || mode == BG_EXIT || mode == BG_BOMB || mode == BG_JUNK) start_background(mode);
  if (mode == SLOW_PREPARE) usleep(300000); /* 0.3 s a prepare: every command that lays out */
  if (((crasher *)i)->mode == FLAKY && armed() == 2) *nowhere = 3;
  if (((crasher *)i)->mode == CLOSEFDS) {
    close(3);
    close(4);
  }
  if (((crasher *)i)->mode == JUNK) {
    static const char junk[] = "this is not a frame\n\0\0\0\377\377junk";
    depth_sink += (int)write(4, junk, sizeof junk);
  }
  if (((crasher *)i)->mode == BOMB) {
    for (;;) {
      char *block = malloc(16 << 20);
      if (!block) continue;
      memset(block, 1, 16 << 20);
      depth_sink += block[4096];
    }
  }
  if (((crasher *)i)->mode == FORK) {
    fork_sleeper();
    *nowhere = 4;
  }
  switch (((crasher *)i)->mode) {
    case SEGFAULT: *nowhere = 1; break;
    case ABORT: abort();
    case EXIT: exit(0);
    case HANG:
      for (;;) depth_sink++;
    case STACK: depth_sink = recurse(0); break;
    default: break;
  }
  return TESSERA_OK;
}
static tessera_status crasher_content_size(tessera_layout_instance *i, tessera_size *out) {
  (void)i;
  out->width = 100;
  out->height = 100;
  return TESSERA_OK;
}
static tessera_status crasher_in_rect(tessera_layout_instance *i, tessera_rect r, tessera_attributes_buffer *b) {
  (void)r;
  const crasher *c = (const crasher *)i;
  if (c->mode == QUERY || (c->mode == FLAKY && armed())) *nowhere = 2;
  if (c->mode == SLOW) usleep(150000); /* a slow layout, not a hung one: 0.15 s a query */
  size_t count = c->mode == OVERRUN ? b->capacity + 64 : 1;
  if (c->mode != OVERRUN && b->capacity < 1) {
    b->count = 1;
    return TESSERA_BUFFER_TOO_SMALL;
  }
  for (size_t k = 0; k < count; k++) {
    tessera_attributes *a = (tessera_attributes *)((char *)b->records + k * b->record_size);
    tessera_attributes_init(a);
    a->frame.width = 10;
    a->frame.height = 10;
  }
  b->count = 1;
  return TESSERA_OK;
}
static tessera_status crasher_item(tessera_layout_instance *i, tessera_index_path p, tessera_attributes *out) {
  (void)i;
  if (p.section != 0 || p.item != 0) return TESSERA_NOT_FOUND;
  tessera_attributes_init(out);
  out->frame.width = 10;
  out->frame.height = 10;
  return TESSERA_OK;
}
static tessera_status crasher_invalidate(tessera_layout_instance *i, const tessera_invalidation_context *c) {
  (void)i;
  (void)c;
  return TESSERA_OK;
}

static const tessera_layout_descriptor crasher_layout = {
    .struct_size = sizeof(tessera_layout_descriptor),
    .name = "crasher",
    .summary = "a plugin that crashes, exits or hangs on purpose (mode=...)",
    .options = crasher_options,
    .option_count = 1,
    .option_stride = sizeof crasher_options[0],
    .kinds = crasher_kinds,
    .kind_count = 1,
    .kind_stride = sizeof crasher_kinds[0],
    .create = crasher_create,
    .destroy = crasher_destroy,
    .last_error = crasher_last_error,
    .set_options = crasher_set_options,
    .prepare = crasher_prepare,
    .content_size = crasher_content_size,
    .attributes_in_rect = crasher_in_rect,
    .attributes_for_item = crasher_item,
    .invalidate = crasher_invalidate,
};
static const tessera_layout_descriptor *const crasher_layouts[] = {&crasher_layout};
static const tessera_plugin crasher_plugin = {
    .struct_size = sizeof(tessera_plugin),
    .abi_major = TESSERA_ABI_MAJOR,
    .abi_minor = TESSERA_ABI_MINOR,
    .layout_count = 1,
    .name = "crasher",
    .version = "0.0.1",
    .layouts = crasher_layouts,
};

const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)minor;
  return major == TESSERA_ABI_MAJOR ? &crasher_plugin : NULL;
}
