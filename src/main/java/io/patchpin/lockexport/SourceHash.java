package io.patchpin.lockexport;

/**
 * A computed checksum, or why there is none.
 *
 * @param value   the checksum as the format writes it, or null
 * @param problem why it could not be computed, or null
 */
public record SourceHash(String value, String problem) {
    public static SourceHash of(String value) {
        return new SourceHash(value, null);
    }

    public static SourceHash none(String problem) {
        return new SourceHash(null, problem);
    }

    public boolean ok() {
        return value != null;
    }
}
