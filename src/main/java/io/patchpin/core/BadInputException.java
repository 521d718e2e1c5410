package io.patchpin.core;

/**
 * Bad usage or bad input: exit code 2, one line naming the source (a file, a
 * revision, an option) and, where known, the line.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;

    public BadInputException(String source, int line, String message) {
        this(source, line, message, null);
    }

    public BadInputException(String source, int line, String message, Throwable cause) {
        super(message, cause);
        this.source = source;
        this.line = line;
    }

    public BadInputException(String message) {
        this(null, 0, message, null);
    }

    /** The file, revision or option at fault; null when the message says it all. */
    public String source() {
        return source;
    }

    /** 1-based line in {@link #source()}, or 0 when not known. */
    public int line() {
        return line;
    }

    /** One line for the user: {@code source:line: message}. */
    public String oneLine() {
        String where = source == null ? "" : source + (line > 0 ? ":" + line : "") + ": ";
        return (where + getMessage()).replace('\n', ' ');
    }
}
