package io.patchpin.patch;

import io.patchpin.check.Check;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryGate;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Evidence.HunkOutcome;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.workspace.FileLookup;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks a patch entry against the current files, in DESIGN's order of precedence: EXACT, APPLIES/OFFSET,
 * ALREADY_APPLIED, FILE_MISSING, MERGEABLE, FUZZ, CONFLICT. Pure: reads through the input, never writes.
 */
public final class PatchChecker implements EntryChecker<PatchEntry> {
    public static final int MAX_FUZZ = 2;
    /** Shifted hunks named one by one in a detail up to this many; past it they are counted by offset. */
    static final int MAX_LISTED_SHIFTS = 3;
    /** A fuzzed hunk landing farther than this from its line is a conflict, not fuzz. */
    public static final int MAX_FUZZ_DISTANCE = 100;
    /** Files with a missing file's name compared by content, at most. */
    private static final int MAX_CANDIDATES = 20;

    @Override
    public Check check(PatchEntry entry, EntryInput input) {
        return gated(entry, input, c -> forward(c, input));
    }

    @Override
    public Check revert(PatchEntry entry, EntryInput input) {
        return gated(entry, input, PatchChecker::undo);
    }

    /** The {@link EntryGate}, then the patch file against its seal, then {@code then} on the loaded case. */
    private static Check gated(PatchEntry entry, EntryInput input, Function<PatchCase, Check> then) {
        Optional<Check> outdated = EntryGate.sealOutdated(entry);
        if (outdated.isPresent()) {
            return outdated.get();
        }
        PatchCase c = PatchCase.load(entry, input);
        if (!c.sealProblem().isEmpty()) {
            return Check.broken(EntryVerdict.of(entry, Verdict.SEAL_BROKEN, c.sealProblem(), Evidence.NONE));
        }
        return EntryGate.unreadable(entry, c.lookups().values(), input.source()).orElseGet(() -> then.apply(c));
    }

    private static Check forward(PatchCase c, EntryInput input) {
        PatchRun forward = PatchRun.run(c.patch(), c.paths(), c.current(), 0);
        if (forward.ok()) {
            Verdict v = c.allMatch(true) ? Verdict.EXACT : forward.shifted() ? Verdict.OFFSET : Verdict.APPLIES;
            return done(c, v, applyDetail(v, forward), forward.hunks(), forward.result(), c.patch());
        }
        PatchRun reverse = PatchRun.run(c.patch().reversed(), c.paths(), c.current(), 0);
        Optional<Map<String, Optional<FileLines>>> merged = Merges.merge(c, input);
        if (reverse.ok()
                || c.allMatch(false)
                || merged.map(m -> sameAs(m, c.current())).orElse(false)) {
            String how = reverse.ok()
                    ? "reverse-applies cleanly"
                    : c.allMatch(false)
                            ? "every postimage is present"
                            : "a 3-way merge from the sealed base changes nothing";
            return done(c, Verdict.ALREADY_APPLIED, "already applied: " + how, reverse.hunks(), c.current(), c.patch());
        }
        Optional<String> missing = missing(c, input);
        if (missing.isPresent()) {
            return Check.broken(EntryVerdict.of(
                    c.entry(), Verdict.FILE_MISSING, missing.get(), new Evidence.Hunks(forward.hunks())));
        }
        Optional<Check> distroFuzz = merged.flatMap(m -> importedFuzz(c, m));
        if (distroFuzz.isPresent()) {
            return distroFuzz.get();
        }
        if (merged.isPresent()) {
            return done(
                    c,
                    Verdict.MERGEABLE,
                    "direct apply fails (" + failed(forward) + "); 3-way merge from the sealed base is clean",
                    forward.hunks(),
                    merged.get(),
                    c.patch());
        }
        PatchRun fuzzy = PatchRun.run(c.patch(), c.paths(), c.current(), MAX_FUZZ);
        if (fuzzy.ok() && fuzzy.maxDistance() <= MAX_FUZZ_DISTANCE) {
            return done(
                    c,
                    Verdict.FUZZ,
                    "applies only with fuzz " + fuzzy.maxFuzz() + " (context lines ignored)"
                            + (c.entry().fuzz() > 0
                                    ? "; imported with fuzz " + c.entry().fuzz() + ", as its distro applies it"
                                    : ""),
                    fuzzy.hunks(),
                    fuzzy.result(),
                    c.patch());
        }
        String detail = fuzzy.ok()
                ? "fuzz would place a hunk " + fuzzy.maxDistance() + " lines away (over " + MAX_FUZZ_DISTANCE + "); "
                        + failed(forward)
                : failed(fuzzy);
        return Check.broken(
                EntryVerdict.of(c.entry(), Verdict.CONFLICT, "conflict: " + detail, new Evidence.Hunks(fuzzy.hunks())));
    }

    /**
     * FUZZ for a patch imported with fuzz (as its distro applies it) that still needs it here, when GNU patch's
     * result agrees with the 3-way merge (which outranks fuzz): never a silent ok, and named for what it is.
     */
    private static Optional<Check> importedFuzz(PatchCase c, Map<String, Optional<FileLines>> merged) {
        if (c.entry().fuzz() == 0) {
            return Optional.empty();
        }
        PatchRun fuzzy =
                PatchRun.run(c.patch(), c.paths(), c.current(), c.entry().fuzz());
        if (!fuzzy.ok() || fuzzy.maxDistance() > MAX_FUZZ_DISTANCE || !sameAs(merged, fuzzy.result())) {
            return Optional.empty();
        }
        return Optional.of(done(
                c,
                Verdict.FUZZ,
                "applies only with fuzz " + fuzzy.maxFuzz() + " (imported with fuzz "
                        + c.entry().fuzz() + ", as its distro applies it); the 3-way merge agrees",
                fuzzy.hunks(),
                fuzzy.result(),
                c.patch()));
    }

    private static Check undo(PatchCase c) {
        PatchRun reverse = PatchRun.run(c.patch().reversed(), c.paths(), c.current(), 0);
        if (reverse.ok()) {
            return done(
                    c,
                    Verdict.ALREADY_APPLIED,
                    "applied: reverse-applies cleanly, can be undone",
                    reverse.hunks(),
                    reverse.result(),
                    c.patch().reversed());
        }
        PatchRun forward = PatchRun.run(c.patch(), c.paths(), c.current(), 0);
        if (forward.ok()) {
            return done(c, Verdict.APPLIES, "not applied here: nothing to undo", forward.hunks(), c.current(), null);
        }
        return Check.broken(EntryVerdict.of(
                c.entry(), Verdict.CONFLICT, "cannot undo: " + failed(reverse), new Evidence.Hunks(reverse.hunks())));
    }

    /** @param modes the patch whose mode lines apply (the reversed one when undoing), or null for none */
    private static Check done(
            PatchCase c,
            Verdict v,
            String detail,
            List<HunkOutcome> hunks,
            Map<String, Optional<FileLines>> result,
            ParsedPatch modes) {
        Map<String, Optional<byte[]>> files = new TreeMap<>();
        c.entry()
                .files()
                .forEach(f ->
                        files.put(f, result.getOrDefault(f, Optional.empty()).map(FileLines::bytes)));
        return new Check(
                EntryVerdict.of(c.entry(), v, detail, new Evidence.Hunks(hunks)),
                files,
                modes == null ? Map.of() : c.paths().executable(modes));
    }

    private static boolean sameAs(Map<String, Optional<FileLines>> a, Map<String, Optional<FileLines>> b) {
        return a.entrySet().stream().allMatch(e -> e.getValue().equals(b.getOrDefault(e.getKey(), Optional.empty())));
    }

    private static String applyDetail(Verdict v, PatchRun run) {
        int hunks = run.hunks().size();
        if (v == Verdict.OFFSET) {
            return hunks + " hunk(s) apply; " + shifts(run.hunks());
        }
        return hunks + " hunk(s) apply " + (v == Verdict.EXACT ? "to the sealed preimage" : "in place");
    }

    /** Hunks that landed off their line. Listed while few; else counted by offset (the evidence keeps each one). */
    static String shifts(List<HunkOutcome> hunks) {
        List<HunkOutcome> shifted = hunks.stream().filter(h -> h.offset() != 0).toList();
        if (shifted.size() <= MAX_LISTED_SHIFTS) {
            return "shifted: "
                    + shifted.stream()
                            .map(h -> h.file() + " hunk #" + h.index() + " at " + h.applied() + " (offset " + h.offset()
                                    + ")")
                            .collect(Collectors.joining(", "));
        }
        Map<Integer, Long> byOffset = shifted.stream()
                .collect(Collectors.groupingBy(HunkOutcome::offset, TreeMap::new, Collectors.counting()));
        List<Map.Entry<Integer, Long>> groups = byOffset.entrySet().stream()
                .sorted(Map.Entry.<Integer, Long>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .toList();
        if (groups.size() == 1) {
            return shifted.size() + " shifted by " + signed(groups.get(0).getKey());
        }
        String listed = groups.stream()
                .limit(MAX_LISTED_SHIFTS)
                .map(g -> g.getValue() + " by " + signed(g.getKey()))
                .collect(Collectors.joining(", "));
        return shifted.size() + " shifted: " + listed
                + (groups.size() > MAX_LISTED_SHIFTS
                        ? " and " + (groups.size() - MAX_LISTED_SHIFTS) + " other offsets"
                        : "");
    }

    private static String signed(int offset) {
        return (offset > 0 ? "+" : "") + offset;
    }

    private static String failed(PatchRun run) {
        return run.failures().stream()
                .map(h -> h.file() + ": " + h.failureText())
                .collect(Collectors.joining("; "));
    }

    /** A file the patch reads that is gone, with where it went when a rename is evident. */
    private static Optional<String> missing(PatchCase c, EntryInput input) {
        for (FilePatch f : c.patch().files()) {
            if (f.change() == FilePatch.Change.ADD) {
                continue;
            }
            String path = c.paths().oldPath(f).orElseThrow(); // only an added file has no old side
            if (c.current().getOrDefault(path, Optional.empty()).isEmpty()) {
                return Optional.of(path + " is missing" + renameHint(c, input, path));
            }
        }
        return Optional.empty();
    }

    /** Where a missing file went, when a rename is evident: same content, or a single file with the same name. */
    private static String renameHint(PatchCase c, EntryInput input, String path) {
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
