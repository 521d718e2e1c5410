package io.patchpin.recipe;

import io.patchpin.author.AddPatch;
import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.InputFiles;
import io.patchpin.core.OperationResult;
import io.patchpin.core.RelativePath;
import io.patchpin.core.Version;
import io.patchpin.patch.NewPatch;
import io.patchpin.patch.UpstreamTrailers;
import io.patchpin.patchset.Patchset;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import io.patchpin.sed.SedImport;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * {@code import DIR --from RECIPE}: a recipe's local patches become sealed patch entries (in the recipe's order),
 * then its in-place seds and literal substitutions sealed rewrites (through import-sed, at their own lines), all
 * on {@code component}, the recipe's project being the folder {@code directory} of it. Patches go first, as
 * every recipe form applies them before its hooks run; a sed written before a patch is reported as moved after it.
 * All or nothing: when a rewrite cannot be sealed, the patches added before it are taken back.
 */
public final class RecipeImport {
    private RecipeImport() {}

    /**
     * @param directory the project's folder inside the component ("" for its root), as {@code --directory}
     * @param version   the component's version as {@code --version} gives it, or null to read it from its tags
     * @param fuzz      the fuzz factor the recipe's patches are applied with ({@code --fuzz})
     */
    public record Request(
            Path dir, Recipe recipe, String component, String directory, String rev, String version, int fuzz) {}

    /**
     * @param patches the patch import, or empty when the recipe applies none
     * @param seds    the rewrite import, or empty when the recipe has no sed or substitution
     * @param skipped what the recipe does that was not imported, with its line and why
     * @param moved   lines of seds that the recipe runs before one of its patches
     * @param version the component's version at the base the recipe's conditions were decided at, when one is
     *                conditional
     */
    public record Result(
            Optional<AddPatch.Result> patches,
            Optional<SedImport.Result> seds,
            List<Step.Skipped> skipped,
            List<Integer> moved,
            Optional<Version> version)
            implements OperationResult {
        public Result {
            skipped = List.copyOf(skipped);
            moved = List.copyOf(moved);
        }

        /** 2 when a rewrite could not be sealed (nothing written); 3 when something was not imported; else 0. */
        @Override
        public ExitCode exitCode() {
            ExitCode sed = seds.map(SedImport.Result::exitCode).orElse(ExitCode.OK);
            if (sed == ExitCode.BAD_INPUT) {
                return sed;
            }
            return !skipped.isEmpty() || sed == ExitCode.REVIEW ? ExitCode.REVIEW : ExitCode.OK;
        }
    }

    /** Refuses a component not at the base up front, as one line: every step of the recipe would be on it. */
    public static Result run(Workspace ws, Request req) {
        Patchset set = Authoring.readOrNew(ws, req.dir(), req.rev());
        set.base().ifPresent(b -> ws.baseSnapshot(b).requireComponent(req.component()));
        Sorted sorted = Sorted.of(req);
        Snapshot before = Snapshot.of(req.dir());
        Optional<AddPatch.Result> added = Optional.empty();
        Optional<Version> version = version(ws, req, set.base());
        if (!sorted.patches().isEmpty()) {
            try {
                added = Optional.of(AddPatch.run(
                        ws,
                        new AddPatch.Request(req.dir(), sorted.patches(), set, p -> UpstreamTrailers.of(p.bytes())),
                        Journal.ofPatchset(req.dir(), "add patch", Writes.atomic(ws.settings())),
                        version.orElse(null)));
            } catch (BadInputException e) {
                throw fuzzHint(e, req, sorted.patches());
            }
        }
        Optional<SedImport.Result> seds = Optional.empty();
        if (!sorted.script().isEmpty()) {
            Path file = req.recipe().file();
            seds = Optional.of(SedImport.run(
                    ws,
                    new SedImport.Request(req.dir(), file, req.rev()),
                    file.getFileName().toString(),
                    sorted.scriptText(),
                    RelativePath.join(req.component(), req.directory())));
            if (seds.get().exitCode() == ExitCode.BAD_INPUT) {
                before.restore(req.dir(), ws.settings().fsync());
            }
        }
        return new Result(added, seds, sorted.skipped(), sorted.moved(), version);
    }

    /**
     * The recipe's steps by what the import makes of them: its patches, the shell lines import-sed reads (by
     * recipe line; several on one line joined as the shell runs them) and what is not imported.
     *
     * @param lines   the recipe's last line with a step
     * @param moved   lines of shell lines written before the recipe's last patch
     */
    private record Sorted(
            List<NewPatch> patches,
            SortedMap<Integer, String> script,
            List<Step.Skipped> skipped,
            int lines,
            List<Integer> moved) {
        static Sorted of(Request req) {
            List<NewPatch> patches = new ArrayList<>();
            SortedMap<Integer, String> script = new TreeMap<>();
            List<Step.Skipped> skipped = new ArrayList<>();
            int lastPatch = 0;
            for (Step s : req.recipe().steps()) {
                if (s instanceof Step.PatchFile p) {
                    patches.add(patch(req, p));
                    lastPatch = Math.max(lastPatch, p.line());
                } else if (s instanceof Step.Skipped k) {
                    skipped.add(k);
                } else {
                    String shell = s instanceof Step.Substitute sub ? sub.sed() : s.text();
                    script.merge(s.line(), shell, (a, b) -> a + " ; " + b);
                }
            }
            int lines = req.recipe().steps().stream().mapToInt(Step::line).max().orElse(0);
            return new Sorted(
                    patches,
                    script,
                    skipped,
                    lines,
                    script.headMap(lastPatch).keySet().stream().toList());
        }

        /** The script import-sed reads: each shell line at its own line of the recipe, the others blank. */
        String scriptText() {
            return IntStream.rangeClosed(1, lines)
                    .mapToObj(i -> script.getOrDefault(i, "") + "\n")
                    .collect(Collectors.joining());
        }
    }

    /** A patch that cannot be sealed with fuzz 0, from a recipe whose distro applies it with fuzz: says so. */
    private static BadInputException fuzzHint(BadInputException e, Request req, List<NewPatch> patches) {
        boolean ofPatch = patches.stream().anyMatch(p -> p.source().equals(e.source()));
        if (req.fuzz() > 0 || !ofPatch || !req.recipe().format().appliesWithFuzz()) {
            return e;
        }
        return new BadInputException(
                e.source(),
                e.line(),
                e.getMessage() + " (" + req.recipe().format().word()
                        + " recipes are applied with GNU patch's fuzz 2: import --fuzz 2 seals it as they apply it)",
                e);
    }

    /**
     * The component's version at {@code base} when a patch of the recipe is conditional: {@code --version}, else
     * its release tags; bad input when neither tells it. Empty when no patch is conditional.
     */
    private static Optional<Version> version(Workspace ws, Request req, Optional<String> base) {
        Optional<Step.PatchFile> conditional = req.recipe().steps().stream()
                .filter(s -> s instanceof Step.PatchFile p && !p.when().always())
                .map(Step.PatchFile.class::cast)
                .findFirst();
        if (conditional.isEmpty()) {
            return Optional.empty();
        }
        if (req.version() != null) {
            try {
                return Optional.of(Version.parse(req.version(), "--version"));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--version", 0, e.getMessage());
            }
        }
        Optional<Version> tagged = base.flatMap(b -> ws.baseSnapshot(b).files().version(req.component()));
        return Optional.of(tagged.orElseThrow(() -> new BadInputException(
                req.recipe().file().toString(),
                conditional.get().line(),
                "this patch is for " + conditional.get().when().text() + ", but the version of "
                        + req.component() + " at the base cannot be told (no rocm-*, v* or therock-* tag at or"
                        + " below it): give --version")));
    }

    private static NewPatch patch(Request req, Step.PatchFile p) {
        if (!Files.isRegularFile(p.file())) {
            throw new BadInputException(req.recipe().file().toString(), p.line(), "no patch file " + p.file());
        }
        return new NewPatch(
                p.file().toString(),
                InputFiles.read(p.file()),
                req.component(),
                Optional.empty(),
                req.directory(),
                Optional.of(p.strip()),
                p.note(),
                List.of(),
                p.when(),
                req.fuzz());
    }

    /** The patchset folder's files as they were, to put back when a later step fails. */
    private record Snapshot(Map<String, byte[]> files) {
        static Snapshot of(Path dir) {
            Map<String, byte[]> out = new TreeMap<>();
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    for (Path p : s.filter(Files::isRegularFile).toList()) {
                        out.put(p.getFileName().toString(), InputFiles.read(p));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list " + dir, e);
                }
            }
            return new Snapshot(out);
        }

        void restore(Path dir, boolean fsync) {
            Snapshot now = of(dir);
            try {
                for (String name : now.files().keySet()) {
                    if (!files.containsKey(name)) {
                        Files.delete(dir.resolve(name));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot take back the patches added to " + dir, e);
            }
            files.forEach((name, bytes) -> {
                if (!Arrays.equals(bytes, now.files().get(name))) {
                    AtomicFiles.write(dir.resolve(name), bytes, fsync);
                }
            });
        }
    }
}
