package io.patchpin.core;

/**
 * The heap ran out while one file was read: names the file, so the one-line message can say which (a file
 * that the read limit let through, because the limit was raised past the heap).
 */
public final class OutOfMemoryReading extends OutOfMemoryError {
    private static final long serialVersionUID = 1L;

    private final String file;

    /** @param file the file as the user knows it (component and path) */
    public OutOfMemoryReading(String file, OutOfMemoryError cause) {
        super(cause.getMessage());
        this.file = file;
        initCause(cause);
    }

    public String file() {
        return file;
    }
}
