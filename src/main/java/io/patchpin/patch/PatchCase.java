package io.patchpin.patch;

import io.patchpin.check.EntryInput;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.workspace.FileLookup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * One patch entry made ready to check: its patch file read, parsed and
 * compared to the seal, and the current content of every file it touches.
 *
 * @param sealProblem why the patch file does not match its seal, or "" when it does (or there is none)
 */
record PatchCase(
        PatchEntry entry,
        ParsedPatch patch,
        PatchPaths paths,
        Map<String, FileLookup> lookups,
        Map<String, Optional<FileLines>> current,
        String sealProblem) {

    static PatchCase load(PatchEntry entry, EntryInput input) {
        Path file = input.patchsetDir().resolve(entry.patch());
        byte[] bytes = input.patchFiles().get(entry.patch());
        try {
            bytes = bytes != null ? bytes : input.settings().readLimit().readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new PatchCase(entry, null, null, Map.of(), Map.of(), "patch file " + entry.patch() + " is missing");
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read the patch file: " + e.getMessage(), e);
        }
        String problem = sealProblem(entry, bytes);
        if (!problem.isEmpty()) {
            return new PatchCase(entry, null, null, Map.of(), Map.of(), problem);
        }
        ParsedPatch patch = PatchParser.parse(file.toString(), bytes).requireClean();
        PatchPaths paths = new PatchPaths(entry.strip(), entry.directory());
        String filesProblem = filesProblem(entry, paths.files(patch));
        if (!filesProblem.isEmpty()) {
            return new PatchCase(entry, null, null, Map.of(), Map.of(), filesProblem);
        }
        Map<String, FileLookup> lookups = new TreeMap<>();
        Map<String, Optional<FileLines>> current = new TreeMap<>();
        for (String f : entry.files()) {
            FileLookup l = Objects.requireNonNullElseGet(
                    input.files().get(f), () -> input.source().read(entry.component(), f));
            lookups.put(f, l);
            current.put(f, FileLines.of(l));
        }
        return new PatchCase(entry, patch, paths, lookups, current, "");
    }

    /**
     * The entry's {@code files} must be the files its patch touches (and its seal's): a list naming other files made
     * the entry check as applying while apply wrote nothing.
     */
    private static String filesProblem(PatchEntry entry, List<String> touched) {
        Set<String> listed = new TreeSet<>(entry.files());
        if (!listed.equals(new TreeSet<>(touched))) {
            return "entry's files " + listed + " do not match the files its patch touches " + touched;
        }
        if (entry.seal().isPresent()) {
            Set<String> sealed = entry.seal().get().files().stream()
                    .map(PatchSeal.FileSeal::path)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (!sealed.isEmpty() && !sealed.equals(listed)) {
                return "entry's files " + listed + " do not match its seal's " + sealed;
            }
        }
        return "";
    }

    private static String sealProblem(PatchEntry entry, byte[] bytes) {
        Optional<PatchSeal> seal = entry.seal();
        if (seal.isEmpty()) {
            return "";
        }
        if (!seal.get().patch().equals(Hashes.sha256(bytes))
                && !seal.get().patch().equals(Hashes.sha256(lf(bytes)))) {
            return "patch file " + entry.patch() + " changed since it was sealed (sha256 differs)";
        }
        return "";
    }

    /** Whether every sealed file's current blob id equals its sealed before (or after) id. */
    boolean allMatch(boolean before) {
        List<PatchSeal.FileSeal> sealed = entry.seal().map(PatchSeal::files).orElse(List.of());
        return !sealed.isEmpty()
                && sealed.stream().allMatch(f -> (before ? f.before() : f.after())
                        .equals(
                                lookups.get(f.path()) instanceof FileLookup.Found now
                                        ? Optional.of(BlobIds.of(now))
                                        : Optional.empty()));
    }

    /** The bytes with every CRLF read as LF (ISO-8859-1 maps each byte to one character and back). */
    private static byte[] lf(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1)
                .replace("\r\n", "\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }
}
