package io.patchpin.verify;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Layer;
import io.patchpin.workspace.Component;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * TheRock layers ({@code therock:TAG}) that a revision does not hold: no {@code patches/TAG} with patches in it, so the
 * layer contributes no entries there. That can be right (TheRock drops a folder once its patches are upstream) or a
 * wrong tag, but it is never silent: the layer is reported once, as a set {@code layer:TAG} with one LAYER_MISSING
 * verdict (review), and every entry of the sets that stand on it says so in its detail.
 */
public final class MissingLayers {
    private MissingLayers() {}

    /** A declared layer absent at the revision, and the sets (indexes in the expanded list) standing on it. */
    public record Missing(Layer layer, List<Integer> above) {
        public Missing {
            above = List.copyOf(above);
        }

        /** "layer therock:amd-mainline: no patches/amd-mainline at 1a2b3c4d5e6f" */
        public String problem(String where) {
            return "layer " + layer + ": no " + layer.therockFolder() + " " + where;
        }

        /** Where {@link #problem(String)} of {@link #where(String) where(rev)} names {@code rev}: at its end. */
        public RevisionMention named(String rev) {
            return RevisionMention.atEnd(problem(where(rev)), rev);
        }
    }

    /** Where a revision is, for the problem line: "at 1a2b3c4d5e6f", or "in the work tree". */
    public static String where(String rev) {
        return rev == null ? "in the work tree" : "at " + Hashes.abbrev(rev);
    }

    /** The declared TheRock layers that contributed no set to {@code expanded} ({@link Layers#expand}'s list). */
    public static List<Missing> find(List<LoadedPatchset> expanded) {
        Set<String> present = new TreeSet<>();
        Map<Path, Integer> folders = new HashMap<>();
        for (int i = 0; i < expanded.size(); i++) {
            String name = expanded.get(i).patchset().name();
            if (theRockSet(expanded.get(i))) {
                present.add(name.substring(Layers.PREFIX.length(), name.indexOf('/')));
            } else {
                folders.putIfAbsent(Layers.real(expanded.get(i).dir()), i);
            }
        }
        Map<Layer, List<Integer>> above = new LinkedHashMap<>();
        for (int i = 0; i < expanded.size(); i++) {
            for (Layer l : standsOn(i, expanded, folders, present, 0)) {
                above.computeIfAbsent(l, k -> new ArrayList<>()).add(i);
            }
        }
        return above.entrySet().stream()
                .map(a -> new Missing(a.getKey(), a.getValue()))
                .toList();
    }

    /**
     * The report with each missing layer as a set of its own, just before the first set standing on it, and the entries
     * of the sets standing on it saying so. {@code report}'s sets are {@code expanded}'s, in order.
     */
    public static Report report(List<LoadedPatchset> expanded, Report report) {
        return report(expanded, IntStream.range(0, expanded.size()).boxed().toList(), report);
    }

    /**
     * {@link #report(List, Report)} for a report of the sets named only, without their layers ({@code apply} without
     * {@code --with-layers}): its sets are {@code expanded}'s that are not layers, in order.
     */
    public static Report reportNamed(List<LoadedPatchset> expanded, Report report) {
        List<Integer> named = IntStream.range(0, expanded.size())
                .filter(i -> !Layers.isLayer(expanded.get(i)))
                .boxed()
                .toList();
        return report(expanded, named, report);
    }

    /** {@code index} gives, for each of {@code report}'s sets, its place in {@code expanded}. */
    private static Report report(List<LoadedPatchset> expanded, List<Integer> index, Report report) {
        List<Missing> missing = find(expanded);
        if (missing.isEmpty()) {
            return report;
        }
        List<Report.SetReport> sets = new ArrayList<>();
        Set<Layer> shown = new LinkedHashSet<>();
        for (int i = 0; i < report.patchsets().size(); i++) {
            Report.SetReport sr = report.patchsets().get(i);
            List<Missing> notes = new ArrayList<>();
            for (Missing m : missing) {
                if (m.above().contains(index.get(i))) {
                    if (shown.add(m.layer())) {
                        sets.add(layerReport(m, report.rev()));
                    }
                    notes.add(m);
                }
            }
            sets.add(sr.with(sr.entries().stream()
                    .map(v -> withNotes(v, notes, report.rev()))
                    .toList()));
        }
        return Report.of(report.rev(), sets);
    }

    /** {@code v} saying, for each layer missing below it, that it is missing at {@code rev}. */
    private static EntryVerdict withNotes(EntryVerdict v, List<Missing> missing, String rev) {
        EntryVerdict out = v;
        for (Missing m : missing) {
            out = out.withNote(
                    "; below it, " + m.problem(where(rev)), m.named(rev).shifted("; below it, ".length()));
        }
        return out;
    }

    private static Report.SetReport layerReport(Missing m, String rev) {
        String tag = m.layer().tag().orElseThrow();
        String problem = m.problem(where(rev));
        EntryVerdict v = new EntryVerdict(
                tag,
                Layer.THEROCK_ENTRIES,
                Component.SUPERPROJECT,
                List.of(m.layer().therockFolder()),
                Verdict.LAYER_MISSING,
                problem + ": the sets above it are checked without it",
                Evidence.NONE,
                true,
                m.named(rev));
        return new Report.SetReport(
                Layers.PREFIX + tag, Optional.empty(), List.of(v), m.layer().therockFolder());
    }

    /** The missing TheRock layers set {@code i} stands on, its own first, then its folder layers', bottom first. */
    private static Set<Layer> standsOn(
            int i, List<LoadedPatchset> expanded, Map<Path, Integer> folders, Set<String> present, int depth) {
        Set<Layer> out = new LinkedHashSet<>();
        LoadedPatchset set = expanded.get(i);
        if (depth > Layers.MAX_DEPTH) {
            return out; // expansion refused deeper stacks already; this only guards against a cycle here
        }
        for (Layer l : set.patchset().layers()) {
            if (l.kind() == Layer.Kind.THEROCK) {
                if (!present.contains(l.value())) {
                    out.add(l);
                }
            } else {
                Integer below = folders.get(Layers.real(set.dir().resolve(l.value())));
                if (below != null) {
                    out.addAll(standsOn(below, expanded, folders, present, depth + 1));
                }
            }
        }
        return out;
    }

    /** Whether a set is one of TheRock's project folders put there as a layer ({@code layer:TAG/<project>}). */
    private static boolean theRockSet(LoadedPatchset set) {
        return Layers.isLayer(set) && set.patchset().name().indexOf('/') > 0;
    }
}
