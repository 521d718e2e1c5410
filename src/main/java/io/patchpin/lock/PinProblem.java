package io.patchpin.lock;

/**
 * An override that could not be resolved from local objects (a branch or
 * commit not fetched yet): an expected outcome, reported by name, never guessed.
 */
public record PinProblem(String path, String message) {
    public String describe() {
        return path + ": " + message;
    }
}
