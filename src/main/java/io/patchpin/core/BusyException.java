package io.patchpin.core;

/** Another patchpin command holds the workspace: exit 75, one line naming the holder. */
public final class BusyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BusyException(String message) {
        super(message);
    }
}
