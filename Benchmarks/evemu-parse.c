/* The reference of compare.sh: Debian's libevemu reads a trace as `evemu-play` does, the device description
 * with evemu_read, then every event with evemu_read_event until the end; REPEAT times, timing the loop with
 * CLOCK_MONOTONIC (process start-up excluded). REPEAT 0 only starts up (callgrind's baseline).
 *
 *     cc -O2 -o .build-c/evemu-parse evemu-parse.c $(pkg-config --cflags --libs evemu)
 *     evemu-parse TRACE [REPEAT]
 */
#include <evemu.h>
#include <linux/input.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: evemu-parse TRACE [REPEAT]\n");
        return 64;
    }
    int repeat = argc > 2 ? atoi(argv[2]) : 1;
    long events = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int run = 0; run < repeat; run++) {
        FILE *fp = fopen(argv[1], "r");
        if (!fp) { perror(argv[1]); return 1; }
        struct evemu_device *device = evemu_new(NULL);
        if (evemu_read(device, fp) <= 0) { fprintf(stderr, "%s: evemu_read failed\n", argv[1]); return 1; }
        struct input_event event;
        events = 0;
        while (evemu_read_event(fp, &event) > 0) events++;
        evemu_delete(device);
        fclose(fp);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    printf("evemu events=%ld repeat=%d ns=%lld\n", events, repeat, ns);
    return 0;
}
