package io.patchpin.report;

import io.patchpin.report.Finding.Location;
import io.patchpin.core.TomlDocument;
import io.patchpin.patch.FilePatch;
import io.patchpin.patch.ParsedPatch;
import io.patchpin.patch.PatchParser;
import io.patchpin.patch.PatchPaths;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.verify.Run;
import io.patchpin.check.VerdictClass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The verdicts of a verify run placed on lines of the files a reviewer edits: patchset.toml and patch files. */
public final class Findings {
    private Findings() {
    }

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
                Location where = entries.get(i).entry() instanceof PatchEntry p
                        ? hunkLine(cwd, dir, p, v.evidence()).orElse(entryLine) : entryLine;
                out.add(new Finding(s.loaded().patchset().name(), s.loaded().patchset().base(), v, where));
            }
        }
        return out;
    }

    /** Entries that are not ok, broken first (GitHub shows only the first annotations of a step), else in run order. */
    public static List<Finding> notOk(List<Finding> all) {
        return all.stream().filter(f -> f.verdict().verdictClass() != VerdictClass.OK)
                .sorted(Comparator.comparing((Finding f) -> f.verdict().verdictClass() != VerdictClass.BROKEN))
                .toList();
    }

    /** The {@code @@} line of the first failing hunk, else of the first fuzzed one. */
    static Optional<Location> hunkLine(Path cwd, Path dir, PatchEntry p, Evidence evidence) {
        if (!(evidence instanceof Evidence.Hunks hunks)) {
            return Optional.empty();
        }
        Optional<Evidence.HunkOutcome> hunk = hunks.hunks().stream().filter(Evidence.HunkOutcome::failed).findFirst()
                .or(() -> hunks.hunks().stream().filter(h -> h.fuzz() > 0).findFirst());
        if (hunk.isEmpty() || hunk.get().index() < 1) {
            return Optional.empty();
        }
        Path file = dir.resolve(p.patch());
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            // verify read it a moment ago (a failing hunk means it parsed), so this is a fault, not a verdict
            throw new UncheckedIOException("cannot read " + file, e);
        }
        ParsedPatch patch = PatchParser.parse(file.toString(), bytes);
        PatchPaths paths = new PatchPaths(p.strip(), p.directory());
        Evidence.HunkOutcome h = hunk.get();
        for (FilePatch f : patch.files()) {
            if ((h.file().equals(paths.newPath(f)) || h.file().equals(paths.oldPath(f))) && h.index() <= f.hunks().size()) {
                return Optional.of(new Location(relative(cwd, file), f.hunks().get(h.index() - 1).patchLine()));
            }
        }
        return Optional.empty();
    }

    static String relative(Path cwd, Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path base = cwd.toAbsolutePath().normalize();
        Path rel = abs.startsWith(base) ? base.relativize(abs) : abs;
        return rel.toString().replace('\\', '/');
    }
}
