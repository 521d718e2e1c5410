package io.patchpin.patch;

import java.util.Map;
import java.util.TreeMap;

/**
 * The executable bits a patch sets: {@code new file mode 100755}, or an {@code old mode}/{@code new mode} pair between
 * 100644 and 100755. Other modes (symbolic links, gitlinks) are not file contents patchpin writes.
 */
final class FileModes {
    static final String REGULAR = "100644";
    static final String EXECUTABLE = "100755";

    private FileModes() {}

    /** Component file to true (make executable) or false (clear the bit), sorted. */
    static Map<String, Boolean> executable(ParsedPatch patch, PatchPaths paths) {
        Map<String, Boolean> out = new TreeMap<>();
        for (FilePatch f : patch.files()) {
            if (f.change() == FilePatch.Change.DELETE) {
                continue;
            }
            String mode = f.newMode();
            boolean stated = f.change() == FilePatch.Change.ADD ? !mode.isEmpty() : f.modeChange();
            if (stated && (mode.equals(REGULAR) || mode.equals(EXECUTABLE))) {
                paths.newPath(f).ifPresent(p -> out.put(p, mode.equals(EXECUTABLE)));
            }
        }
        return out;
    }
}
