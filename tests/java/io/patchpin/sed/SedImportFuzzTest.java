package io.patchpin.sed;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Settings;
import io.patchpin.core.Utf8;
import io.patchpin.rewrite.Sealer;
import java.util.Arrays;
import java.util.Set;

/**
 * Any bytes as a build script, and as the file its seds edit (the bytes after
 * the first NUL, else the script itself): import-sed's steps (read the script,
 * split shell lines, parse each s command, map it to a rewrite, seal that on
 * the file) either work or fail the way import-sed reports: bad input, or a
 * line it cannot convert.
 */
class SedImportFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void importScript(byte[] bytes) {
        int nul = indexOf(bytes, (byte) 0);
        byte[] scriptBytes = nul < 0 ? bytes : Arrays.copyOf(bytes, nul);
        byte[] file = nul < 0 ? bytes : Arrays.copyOfRange(bytes, nul + 1, bytes.length);
        String script;
        try {
            script = Utf8.decode("fuzz.sh", scriptBytes);
        } catch (BadInputException expected) {
            return; // the documented bad-input path
        }
        for (SedScript.Item item : SedScript.parse(script, Set.of("TheRock"), "")) {
            if (item instanceof SedScript.Candidate c) {
                for (SedSubstitution s : c.expressions()) {
                    try {
                        Sealer.seal(
                                SedTranslator.entry(
                                        "sed-l" + c.line(),
                                        ".",
                                        "f.txt",
                                        s,
                                        c.wholeFile(),
                                        c.ere(),
                                        file,
                                        Settings.DEFAULT_REGEX_WORK,
                                        "fuzz"),
                                file,
                                Settings.DEFAULT_REGEX_WORK);
                    } catch (SedSubstitution.Unconvertible | BadInputException expected) {
                        // reported per line by import-sed: skipped or failed
                    }
                }
            }
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
