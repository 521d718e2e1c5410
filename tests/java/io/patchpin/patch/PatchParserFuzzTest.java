package io.patchpin.patch;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.patchpin.core.BadInputException;

/**
 * Any bytes as a patch file: the parser reports problems as diagnostics, and
 * the steps that take its result (clean check, default entry id, reversal)
 * turn them into bad input. Any other exception is a bug.
 */
class PatchParserFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void parse(byte[] bytes) {
        ParsedPatch p = PatchParser.parse("fuzz.patch", bytes);
        NewPatch.defaultId(p, "fuzz.patch");
        p.reversed();
        try {
            p.requireClean().reversed();
        } catch (BadInputException expected) {
            // the documented bad-input path: exit 2 naming the file and line
        }
    }
}
