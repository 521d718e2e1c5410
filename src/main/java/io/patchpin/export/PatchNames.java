package io.patchpin.export;

import io.patchpin.core.Slug;
import io.patchpin.patchset.Entry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The file names of one folder of an exported series. Patches keep the names they were imported
 * under ({@code 0006-Rework-constructHipPath-so-HIP_PATH-env-var-is-lower.patch}), so an import followed by an
 * export gives the same files; when some entry has no such name, or the kept names would not sort in the
 * series' order (TheRock and quilt users apply a folder in name order), the whole folder is numbered anew.
 */
public final class PatchNames {
    private static final Pattern NUMBERED = Pattern.compile("\\d{4}-[^/\\\\]+\\.patch");

    private PatchNames() {}

    static List<String> of(List<Entry> entries, Function<Entry, String> subject) {
        List<String> kept = new ArrayList<>();
        for (Entry e : entries) {
            String patch = e.patchFile().orElse("");
            if (!NUMBERED.matcher(patch).matches()
                    || generated(e, patch)
                    || (!kept.isEmpty() && kept.get(kept.size() - 1).compareTo(patch) >= 0)) {
                return numbered(entries, subject);
            }
            kept.add(patch);
        }
        return kept;
    }

    /**
     * Electron's names: each patch keeps the name it was imported under (its order is the {@code .patches} file's,
     * not the names'); one without is named from its subject as Electron's tooling does ({@code fix_the_thing.patch}).
     */
    static List<String> electron(List<Entry> entries, Function<Entry, String> subject) {
        return entries.stream()
                .map(e -> e.patchFile()
                        .filter(patch -> !patch.isEmpty() && !generated(e, patch) && !patch.contains("/"))
                        .orElseGet(() -> subject.apply(e)
                                        .toLowerCase(Locale.ROOT)
                                        .replaceAll("[^a-z0-9]+", "_")
                                        .replaceAll("^_|_$", "")
                                + ".patch"))
                .toList();
    }

    /** A name patchpin gave the file when it was added ({@code NNNN-<id>.patch}), not one it came with. */
    private static boolean generated(Entry e, String patch) {
        return patch.matches("\\d{4}-" + Pattern.quote(e.id()) + "\\.patch");
    }

    private static List<String> numbered(List<Entry> entries, Function<Entry, String> subject) {
        return IntStream.range(0, entries.size())
                .mapToObj(i -> String.format(
                        Locale.ROOT, "%04d-%s.patch", i + 1, Slug.PATCH_FILE.of(subject.apply(entries.get(i)))))
                .toList();
    }
}
