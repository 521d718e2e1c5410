package io.patchpin.patch;

import io.patchpin.check.Evidence.HunkOutcome;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.Slug;
import io.patchpin.patchset.Condition;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.workspace.FileLookup;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns patch bytes into a sealed patch entry at the base: parse, find the
 * strip level, check it applies on top of the earlier entries, and seal the
 * patch's sha256 and every file's blob ids before and after (computed in memory).
 *
 * @param id    the entry's id, else one is made from the patch
 * @param strip the {@code -p} level, else it is detected
 * @param when  the versions the patch is for (a recipe's {@code when=}); sealed only where its base is one
 * @param fuzz  the fuzz factor it applies with (as the recipe's distro runs GNU patch), 0 for none
 */
public record NewPatch(
        String source,
        byte[] bytes,
        String component,
        Optional<String> id,
        String directory,
        Optional<Integer> strip,
        String why,
        List<String> links,
        Condition when,
        int fuzz) {

    public NewPatch {
        Objects.requireNonNull(component, "component");
        directory = directory == null ? "" : directory;
        links = links == null ? List.of() : List.copyOf(links);
        when = when == null ? Condition.ALWAYS : when;
    }

    /** A patch for every version, applied without fuzz. */
    public NewPatch(
            String source,
            byte[] bytes,
            String component,
            Optional<String> id,
            String directory,
            Optional<Integer> strip,
            String why,
            List<String> links) {
        this(source, bytes, component, id, directory, strip, why, links, Condition.ALWAYS, 0);
    }

    public NewPatch withId(String i) {
        return new NewPatch(source, bytes, component, Optional.of(i), directory, strip, why, links, when, fuzz);
    }

    /** The same patch applied with {@code f} lines of fuzz. */
    public NewPatch withFuzz(int f) {
        return new NewPatch(source, bytes, component, id, directory, strip, why, links, when, f);
    }

    /** The patch as parsed, with its diagnostics: a caller that reads it too parses once and hands it down. */
    public ParsedPatch parse() {
        return PatchParser.parse(source, bytes);
    }

    /** The sealed entry, stored under {@code storedName}; bad input when the patch is malformed or does not apply. */
    public Sealed seal(Base replay, String storedName) {
        return seal(parse(), replay, storedName);
    }

    /** As {@link #seal(Base, String)}, with the patch already {@code parsed}. */
    public Sealed seal(ParsedPatch parsed, Base replay, String storedName) {
        ParsedPatch patch = parsed.requireClean();
        int p = strip.or(() ->
                        PatchPaths.detect(patch, directory, f -> replay.read(component, f) instanceof FileLookup.Found))
                .orElseThrow(() -> new BadInputException(
                        source,
                        0,
                        "cannot find the files this patch changes in " + component
                                + " at the base with -p0..-p3"
                                + (directory.isEmpty() ? "" : " under " + directory)));
        PatchPaths paths = new PatchPaths(p, directory);
        List<String> files = files(paths, patch);
        PatchEntry entry = entry(patch, storedName, p, files);
        Optional<String> unknown = replay.unknownWhy(component, files);
        if (unknown.isPresent()) {
            return new Sealed(entry, Map.of(), unknown, Map.of());
        }
        Map<String, Optional<FileLines>> current = new TreeMap<>();
        for (String f : files) {
            FileLookup l = replay.read(component, f);
            if (l instanceof FileLookup.ComponentMissing || l instanceof FileLookup.ObjectsMissing) {
                throw new BadInputException(source, 0, "component " + component + " cannot be read at the base");
            }
            current.put(f, FileLines.of(l));
        }
        PatchRun run = applyAtBase(patch, paths, current);
        List<PatchSeal.FileSeal> seals = new ArrayList<>();
        Map<String, Optional<byte[]>> result = new TreeMap<>();
        for (String f : files) {
            Optional<FileLines> after = run.result().getOrDefault(f, Optional.empty());
            seals.add(new PatchSeal.FileSeal(f, blobId(current.get(f)), blobId(after)));
            result.put(f, after.map(FileLines::bytes));
        }
        return new Sealed(
                entry.with(
                        entry.common(),
                        Optional.of(new PatchSeal(Hashes.sha256(bytes), seals, entry.definitionDigest()))),
                result,
                Optional.empty(),
                paths.executable(patch));
    }

    /** The patch applied to the files at the base; bad input where it does not apply there, or fuzz places it far. */
    private PatchRun applyAtBase(ParsedPatch patch, PatchPaths paths, Map<String, Optional<FileLines>> current) {
        PatchRun run = PatchRun.run(patch, paths, current, fuzz);
        if (run.ok() && run.maxFuzz() > 0 && run.maxDistance() > PatchChecker.MAX_FUZZ_DISTANCE) {
            throw new BadInputException(
                    source,
                    0,
                    "fuzz would place a hunk " + run.maxDistance() + " lines from where it belongs (over "
                            + PatchChecker.MAX_FUZZ_DISTANCE + "): refusing to seal it there");
        }
        if (!run.ok()) {
            boolean upstream = PatchRun.run(patch.reversed(), paths, current, 0).ok();
            HunkOutcome failed = run.failures().get(0);
            throw new BadInputException(
                    source,
                    failed.failure().map(f -> f.patchLine()).orElse(0),
                    (upstream ? "already upstream (reverse-applies) at the base; " : "")
                            + "does not apply at the base"
                            + (fuzz > 0 ? " with fuzz " + fuzz : "")
                            + ": " + failed.file() + ": " + failed.failureText());
        }
        return run;
    }

    private static Optional<String> blobId(Optional<FileLines> content) {
        return content.map(t -> BlobIds.of(t.bytes()));
    }

    /**
     * The entry without a seal, for a component whose objects are not at hand: the
     * patch must parse cleanly; the strip level is the given one, else 1 when every
     * path carries git's a/ and b/ prefixes, else 0 (nothing to detect it against).
     */
    public PatchEntry unsealed(String storedName) {
        return unsealed(parse(), storedName);
    }

    /** As {@link #unsealed(String)}, with the patch already {@code parsed}. */
    public PatchEntry unsealed(ParsedPatch parsed, String storedName) {
        ParsedPatch patch = parsed.requireClean();
        int p = strip.orElseGet(() -> PatchPaths.undetectedStrip(patch));
        return entry(patch, storedName, p, files(new PatchPaths(p, directory), patch));
    }

    /** The entry before any seal: the given id, else one made from the patch. */
    private PatchEntry entry(ParsedPatch patch, String storedName, int p, List<String> files) {
        return new PatchEntry(
                new Entry.Common(
                        id.orElseGet(() -> defaultId(patch, source)), component, why, links, Upstream.NONE, when),
                storedName,
                directory,
                p,
                files,
                patch.author(),
                patch.subject(),
                fuzz,
                Optional.empty());
    }

    /** The files the patch changes; a bad path in it is bad input naming this patch. */
    private List<String> files(PatchPaths paths, ParsedPatch patch) {
        try {
            return paths.files(patch);
        } catch (BadInputException e) {
            throw new BadInputException(source, e.line(), e.getMessage());
        }
    }

    /** The files a new patch is sealed against: the base with the set's earlier entries applied. */
    public interface Base {
        /** The file's content at the base after the earlier entries. */
        FileLookup read(String component, String file);

        /** Why some of these files are not known at the base after the earlier entries, if so. */
        Optional<String> unknownWhy(String component, Collection<String> files);
    }

    /**
     * A sealed entry and the files after it at the base; or, with {@code unsealedWhy}, the entry unsealed because its
     * files are not known at the base after the earlier entries (an earlier entry on them could not be replayed).
     */
    public record Sealed(
            PatchEntry entry,
            Map<String, Optional<byte[]>> result,
            Optional<String> unsealedWhy,
            Map<String, Boolean> executable) {}

    private static final Pattern ENTRY_TRAILER = Pattern.compile("(?m)^patchpin-entry: (\\S+)$");

    /** The id an export wrote as a {@code patchpin-entry:} trailer, else an id from the mail subject, else the file name: lower-case letters, digits and '-'. */
    public static String defaultId(ParsedPatch patch, String source) {
        Matcher own = ENTRY_TRAILER.matcher(patch.body());
        if (own.find() && PatchsetStore.validId(own.group(1))) {
            return own.group(1); // written by an export: the entry keeps its id through the round trip
        }
        String base = !patch.subject().isEmpty()
                ? patch.subject()
                : source.substring(source.lastIndexOf('/') + 1).replaceAll("\\.(patch|diff)$", "");
        return Slug.entryId(60, "patch").of(base.replaceAll("^\\d{4}-", ""));
    }
}
