package io.patchpin.report;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.TomlDocument;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.report.Finding.Location;
import io.patchpin.verify.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The verdicts of a verify run placed on lines of the files a reviewer edits: patchset.toml and patch files. */
public final class Findings {
    private Findings() {}

    /** Every entry, in run order; paths relative to {@code cwd}. */
    public static List<Finding> of(Run run, Path cwd) {
        List<Finding> out = new ArrayList<>();
        for (Run.SetRun s : run.sets()) {
            Path dir = s.loaded().dir();
            Path toml = PatchsetStore.tomlOf(dir);
            TomlDocument doc = TomlDocument.read(toml);
            List<Run.EntryRun> entries = s.entries();
            for (int i = 0; i < entries.size(); i++) {
                EntryVerdict v = entries.get(i).check().verdict();
                Location entryLine = new Location(relative(cwd, toml), doc.lineOfArrayTable("entry", i));
                Location where =
                        hunkLine(cwd, dir, entries.get(i).entry(), v.evidence()).orElse(entryLine);
                out.add(new Finding(
                        s.loaded().patchset().name(), s.loaded().patchset().base(), v, where));
            }
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
