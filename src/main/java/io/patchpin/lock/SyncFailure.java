package io.patchpin.lock;

/** One component could not be synced; {@code sync} puts everything back and reports it. */
final class SyncFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String path;

    SyncFailure(String path, String message) {
        this(path, message, null);
    }

    SyncFailure(String path, String message, Throwable cause) {
        super(message, cause);
        this.path = path;
    }

    String path() {
        return path;
    }
}
