package io.patchpin.verify;

import java.util.Map;
import java.util.Optional;

/**
 * A checker's answer for one entry: the verdict, and when the entry can be
 * applied (ok or review), the content of every touched file after applying it
 * (an empty Optional value means the file is deleted).
 */
public record Check(EntryVerdict verdict, Map<String, Optional<byte[]>> result) {
    public Check {
        result = result == null ? Map.of() : Map.copyOf(result);
    }

    public static Check broken(EntryVerdict verdict) {
        return new Check(verdict, Map.of());
    }

    /** Whether {@link #result()} holds the applied content. */
    public boolean appliable() {
        return verdict.verdictClass() != VerdictClass.BROKEN;
    }
}
