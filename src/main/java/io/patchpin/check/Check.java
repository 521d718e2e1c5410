package io.patchpin.check;

import java.util.Map;
import java.util.Optional;

/**
 * A checker's answer for one entry: the verdict, and when the entry can be applied (ok or review), the content of every
 * touched file after applying it (an empty Optional value means the file is deleted).
 *
 * @param executable files whose executable bit the entry sets (true) or clears (false), from a patch's mode lines;
 *                   files not named keep their mode
 */
public record Check(EntryVerdict verdict, Map<String, Optional<byte[]>> result, Map<String, Boolean> executable) {
    public Check {
        result = result == null ? Map.of() : Map.copyOf(result);
        executable = executable == null ? Map.of() : Map.copyOf(executable);
    }

    /** A check that changes no file mode. */
    public Check(EntryVerdict verdict, Map<String, Optional<byte[]>> result) {
        this(verdict, result, Map.of());
    }

    public static Check broken(EntryVerdict verdict) {
        return new Check(verdict, Map.of());
    }

    /** Whether {@link #result()} holds the applied content. */
    public boolean appliable() {
        return verdict.verdictClass() != VerdictClass.BROKEN;
    }
}
