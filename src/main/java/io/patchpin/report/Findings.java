package io.patchpin.report;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.TomlDocument;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.report.Finding.Location;
import io.patchpin.verify.Report;
import io.patchpin.verify.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The verdicts of a verify run placed on lines of the files a reviewer edits: patchset.toml and patch files. */
public final class Findings {
    private Findings() {}

    /**
     * Every entry, in run order, paths relative to {@code cwd}, with the verdicts of {@code report} (the run's, with what verify adds: layer notes, upstream
     * gating, and a set of its own for each missing layer, placed on the {@code layers} line of the set above it).
     */
    public static List<Finding> of(Run run, Report report, Path cwd) {
        List<Finding> out = new ArrayList<>();
        int r = 0;
        for (Report.SetReport sr : report.patchsets()) {
            if (r < run.sets().size()
                    && run.sets().get(r).loaded().patchset().name().equals(sr.name())
                    && run.sets().get(r).entries().size() == sr.entries().size()) {
                out.addAll(ofSet(run.sets().get(r++), sr, cwd));
            } else if (r < run.sets().size()) {
                // a set verify added (a missing layer): shown on the layers line of the set standing on it
                Path toml = PatchsetStore.tomlOf(run.sets().get(r).loaded().dir());
                Location where = Files.isRegularFile(toml)
                        ? new Location(
                                relative(cwd, toml), TomlDocument.read(toml).lineOfKey("layers"))
                        : new Location(relative(cwd, toml.getParent()), 1);
                sr.entries().forEach(v -> out.add(new Finding(sr.name(), sr.base(), v, where)));
            }
        }
        return out;
    }

    private static List<Finding> ofSet(Run.SetRun s, Report.SetReport sr, Path cwd) {
        List<Finding> out = new ArrayList<>();
        Path dir = s.loaded().dir();
        Path toml = PatchsetStore.tomlOf(dir);
        // TheRock's patches/<tag> as a layer has no patchset.toml: its entries point at their folder
        Optional<TomlDocument> doc =
                Files.isRegularFile(toml) ? Optional.of(TomlDocument.read(toml)) : Optional.empty();
        List<Run.EntryRun> entries = s.entries();
        for (int i = 0; i < entries.size(); i++) {
            EntryVerdict v = sr.entries().get(i);
            int index = i;
            Location entryLine = doc.map(d -> new Location(relative(cwd, toml), d.lineOfArrayTable("entry", index)))
                    .orElseGet(() -> new Location(relative(cwd, dir), 1));
            // a layer read from a revision's tree holds its patch files in memory: no line of a file to point at
            Location where = s.loaded().patchFiles().isEmpty()
                    ? hunkLine(cwd, dir, entries.get(i).entry(), v.evidence()).orElse(entryLine)
                    : entryLine;
            out.add(new Finding(sr.name(), sr.base(), v, where));
        }
        return out;
    }

    /** Entries that are not ok, broken first (GitHub shows only the first annotations of a step), else in run order. */
    public static List<Finding> notOk(List<Finding> all) {
        return all.stream()
                .filter(f -> f.verdict().verdictClass() != VerdictClass.OK)
                .sorted(Comparator.comparing((Finding f) -> f.verdict().verdictClass() != VerdictClass.BROKEN))
                .toList();
    }

    /** The {@code @@} line of a patch's first failing hunk, else of its first fuzzed one; empty for other entries. */
    static Optional<Location> hunkLine(Path cwd, Path dir, Entry e, Evidence evidence) {
        return EntryKind.of(e).reviewLine(dir, evidence).map(l -> new Location(relative(cwd, l.file()), l.line()));
    }

    static String relative(Path cwd, Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path base = cwd.toAbsolutePath().normalize();
        Path rel = abs.startsWith(base) ? base.relativize(abs) : abs;
        return rel.toString().replace('\\', '/');
    }
}
