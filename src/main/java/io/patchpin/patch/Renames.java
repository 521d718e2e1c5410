package io.patchpin.patch;

import io.patchpin.check.EntryInput;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.workspace.FileLookup;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Where a missing file went, when a rename is evident: same content, or a single file with the same name. */
final class Renames {
    private static final int MAX_CANDIDATES = 20;

    private Renames() {}

    static String hint(PatchCase c, EntryInput input, String path) {
        Optional<SortedSet<String>> listed = input.source().list(c.entry().component());
        if (listed.isEmpty()) {
            return "";
        }
        SortedSet<String> all = listed.get();
        String name = path.substring(path.lastIndexOf('/') + 1);
        List<String> same = all.stream()
                .filter(p -> p.equals(name) || p.endsWith("/" + name))
                .toList();
        Optional<String> before = c.entry().seal().stream()
                .flatMap(s -> s.files().stream())
                .filter(f -> f.path().equals(path))
                .findFirst()
                .flatMap(PatchSeal.FileSeal::before);
        if (before.isPresent() && same.size() <= MAX_CANDIDATES) {
            for (String p : same) {
                FileLookup l = input.source().read(c.entry().component(), p);
                if (l instanceof FileLookup.Found f && before.get().equals(BlobIds.of(f))) {
                    return "; moved to " + p + " (same content)";
                }
            }
        }
        if (same.size() == 1) {
            return "; probably moved to " + same.get(0) + " (same name)";
        }
        return same.isEmpty()
                ? ""
                : "; files with the same name: " + String.join(", ", same.subList(0, Math.min(5, same.size())));
    }
}
