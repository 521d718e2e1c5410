package io.patchpin.core;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * One self-erasing line on stderr for work that takes more than a second,
 * shown only when patchpin runs in a terminal: scripts and CI logs never see it.
 * The work itself reports nothing; the line names the step and the time spent.
 */
public final class Progress implements AutoCloseable {
    private static final Duration QUIET = Duration.ofSeconds(1);

    private final PrintWriter err;
    private volatile String what;
    private final Thread ticker;
    private volatile boolean done;
    private boolean shown;

    Progress(PrintWriter err, String what, boolean enabled, Duration quiet) {
        this.err = err;
        this.what = what;
        if (enabled) {
            ticker = new Thread(() -> tick(quiet), "patchpin-progress");
            ticker.setDaemon(true);
            ticker.start();
        } else {
            ticker = null;
        }
    }

    /** Starts a progress line for {@code what} ("verifying gfx1103"), shown after a second in a terminal. */
    public static Progress start(PrintWriter err, String what) {
        return new Progress(err, what, System.console() != null, QUIET);
    }

    private void tick(Duration quiet) {
        long start = System.nanoTime();
        try {
            Thread.sleep(quiet.toMillis());
            while (!done) {
                long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
                synchronized (this) {
                    if (done) {
                        return;
                    }
                    err.print("\rpatchpin: " + what + "... " + seconds + "s\033[K");
                    err.flush();
                    shown = true;
                }
                Thread.sleep(500);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Renames the step shown ("history: commit 40 of 200"), picked up at the next tick. */
    public void step(String what) {
        this.what = what;
    }

    /** Stops the ticker and erases the line if it was shown. */
    @Override
    public void close() {
        done = true;
        if (ticker == null) {
            return;
        }
        ticker.interrupt();
        synchronized (this) {
            if (shown) {
                err.print("\r\033[K");
                err.flush();
            }
        }
    }
}
