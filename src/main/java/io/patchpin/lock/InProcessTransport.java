package io.patchpin.lock;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a JGit fetch or clone from a local repository. JGit serves a local
 * source in-process, and when serving fails (a partial-clone mirror that lacks
 * the blobs its refs reach) its serving thread prints a stack trace to
 * standard error, while the caller only sees "internal server error". Here
 * that output is held back and the missing object it names is kept for a
 * one-line message instead.
 */
final class InProcessTransport {
    private static final Pattern MISSING = Pattern.compile("MissingObjectException: Missing \\w+ ([0-9a-f]{40})");

    private InProcessTransport() {
    }

    /** An operation that may fail with any exception. */
    interface Operation<T> {
        T run() throws Exception;
    }

    /** The operation's value, or its failure with what the serving side reported. */
    record Outcome<T>(T value, Exception failure, Optional<String> missingObject) {
    }

    static synchronized <T> Outcome<T> run(Operation<T> op) {
        PrintStream err = System.err;
        ByteArrayOutputStream held = new ByteArrayOutputStream();
        System.setErr(new PrintStream(held, true, StandardCharsets.UTF_8));
        try {
            T value = op.run();
            System.setErr(err);
            err.print(held.toString(StandardCharsets.UTF_8));
            return new Outcome<>(value, null, Optional.empty());
        } catch (Exception e) {
            System.setErr(err);
            Matcher m = MISSING.matcher(held.toString(StandardCharsets.UTF_8));
            return new Outcome<>(null, e, m.find() ? Optional.of(m.group(1)) : Optional.empty());
        } finally {
            System.setErr(err);
        }
    }

    /** Why a transfer from {@code source} failed, in one line. */
    static String why(Outcome<?> o, String source) {
        return o.missingObject().map(id -> "object " + id + " is missing from " + source
                + " (a partial clone? fetch the objects into it, or clone it without --filter)")
                .orElse(o.failure().getMessage());
    }
}
