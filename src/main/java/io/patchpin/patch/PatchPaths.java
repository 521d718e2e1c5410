package io.patchpin.patch;

import io.patchpin.core.BadInputException;
import io.patchpin.core.RelativePath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/** Maps a patch's paths to component paths: strip {@code -p N} leading segments, then prefix {@code --directory}. */
public record PatchPaths(int strip, String directory) {
    /** Git's modes of a regular file, without and with the executable bit. */
    static final String REGULAR = "100644";

    static final String EXECUTABLE = "100755";

    public PatchPaths {
        directory = directory == null || directory.equals(".") ? "" : directory;
    }

    /** The component path of a patch path, or empty when stripping leaves nothing. */
    public Optional<String> map(String patchPath) {
        String[] seg = patchPath.split("/+");
        if (seg.length <= strip) {
            return Optional.empty();
        }
        String rest = String.join("/", Arrays.copyOfRange(seg, strip, seg.length));
        String joined = directory.isEmpty() ? rest : directory + "/" + rest;
        return RelativePath.problem(joined).isPresent()
                ? Optional.empty()
                : Optional.of(RelativePath.normalize(joined));
    }

    /** Component paths of a file's old and new sides (empty where /dev/null). */
    public Optional<String> oldPath(FilePatch f) {
        return f.oldPath().map(p -> require(f, p));
    }

    /**
     * The new side's component path. A file that is only modified has one path: a plain diff's "+++" name ({@code diff
     * -aur temptes/x bbbbbbbb/x}) is not a rename, only git's rename lines can express one, so it maps to the old side.
     */
    public Optional<String> newPath(FilePatch f) {
        if (f.change() == FilePatch.Change.MODIFY && f.oldPath().isPresent()) {
            return oldPath(f);
        }
        return f.newPath().map(p -> require(f, p));
    }

    private String require(FilePatch f, String p) {
        return map(p).orElseThrow(() -> new BadInputException(
                null, f.patchLine(), "path '" + p + "' has fewer than " + (strip + 1) + " segments for -p" + strip));
    }

    /** Every component path the patch touches, sorted. */
    public List<String> files(ParsedPatch patch) {
        Set<String> out = new TreeSet<>();
        for (FilePatch f : patch.files()) {
            if (f.change() != FilePatch.Change.ADD) {
                oldPath(f).ifPresent(out::add);
            }
            if (f.change() != FilePatch.Change.DELETE && f.newPath().isPresent()) {
                newPath(f).ifPresent(out::add);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The strip level when nothing can be detected: 1 when every file's old and new paths carry git's a/ b/ prefixes or
     * differ only in their first segment (as {@code diff -aur old/x new/x} writes them), else 0.
     */
    public static int undetectedStrip(ParsedPatch patch) {
        if (gitPrefixed(patch)) {
            return 1;
        }
        boolean any = false;
        for (FilePatch f : patch.files()) {
            if (f.oldPath().isEmpty() || f.newPath().isEmpty()) {
                continue;
            }
            String old = f.oldPath().get();
            String now = f.newPath().get();
            int o = old.indexOf('/');
            int n = now.indexOf('/');
            if (o <= 0
                    || n <= 0
                    || !old.substring(o).equals(now.substring(n))
                    || old.substring(0, o).equals(now.substring(0, n))) {
                return 0;
            }
            any = true;
        }
        return any ? 1 : 0;
    }

    /** Whether every old path starts with "a/" and every new path with "b/" (git's prefixes). */
    public static boolean gitPrefixed(ParsedPatch patch) {
        return !patch.files().isEmpty()
                && patch.files().stream()
                        .allMatch(f -> f.oldPath().map(p -> p.startsWith("a/")).orElse(true)
                                && f.newPath().map(p -> p.startsWith("b/")).orElse(true));
    }

    /**
     * The smallest strip level 0..3 where every file the patch reads exists
     * ({@code exists}); a patch that only adds files gets 1 for "a/" "b/" paths, else 0.
     */
    public static Optional<Integer> detect(ParsedPatch patch, String directory, Predicate<String> exists) {
        boolean readsAny = false;
        for (int p = 0; p <= 3; p++) {
            PatchPaths paths = new PatchPaths(p, directory);
            boolean all = true;
            for (FilePatch f : patch.files()) {
                if (f.change() == FilePatch.Change.ADD) {
                    continue;
                }
                readsAny = true;
                Optional<String> m = f.oldPath().flatMap(paths::map);
                all &= m.isPresent() && exists.test(m.get());
            }
            if (all && readsAny) {
                return Optional.of(p);
            }
        }
        if (readsAny) {
            return Optional.empty();
        }
        FilePatch first = patch.files().get(0);
        return Optional.of(first.newPath().filter(p -> p.startsWith("b/")).isPresent() ? 1 : 0);
    }

    /**
     * The executable bits a patch sets, per component file, sorted: true for {@code new file mode 100755} or an {@code
     * old mode}/{@code new mode} pair to 100755, false for one to 100644. Other modes (symbolic links, gitlinks) are
     * not file contents patchpin writes.
     */
    Map<String, Boolean> executable(ParsedPatch patch) {
        Map<String, Boolean> out = new TreeMap<>();
        for (FilePatch f : patch.files()) {
            if (f.change() == FilePatch.Change.DELETE) {
                continue;
            }
            String mode = f.newMode();
            boolean stated = f.change() == FilePatch.Change.ADD ? !mode.isEmpty() : f.modeChange();
            if (stated && (mode.equals(REGULAR) || mode.equals(EXECUTABLE))) {
                newPath(f).ifPresent(p -> out.put(p, mode.equals(EXECUTABLE)));
            }
        }
        return out;
    }
}
