package io.patchpin.recipe;

import io.patchpin.author.AddPatch;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.InputFiles;
import io.patchpin.core.OperationResult;
import io.patchpin.core.RelativePath;
import io.patchpin.patch.NewPatch;
import io.patchpin.patch.UpstreamTrailers;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.safety.AtomicFiles;
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
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
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

    /** @param directory the project's folder inside the component ("" for its root), as {@code --directory} */
    public record Request(Path dir, Recipe recipe, String component, String directory, String rev) {}

    /**
     * @param patches the patch import, or empty when the recipe applies none
     * @param seds    the rewrite import, or empty when the recipe has no sed or substitution
     * @param skipped what the recipe does that was not imported, with its line and why
     * @param moved   lines of seds that the recipe runs before one of its patches
     */
    public record Result(
            Optional<AddPatch.Result> patches,
            Optional<SedImport.Result> seds,
            List<Step.Skipped> skipped,
            List<Integer> moved)
            implements OperationResult {
        public Result {
            skipped = List.copyOf(skipped);
            moved = List.copyOf(moved);
        }

        /** 2 when a rewrite could not be sealed (nothing written); 3 when something was not imported; else 0. */
        @Override
        public ExitCode exitCode() {
            if (seds.isPresent() && seds.get().exitCode() == ExitCode.BAD_INPUT) {
                return ExitCode.BAD_INPUT;
            }
            boolean review = !skipped.isEmpty()
                    || seds.map(s -> s.exitCode() == ExitCode.REVIEW).orElse(false);
            return review ? ExitCode.REVIEW : ExitCode.OK;
        }
    }

    public static Result run(Workspace ws, Request req) {
        Recipe recipe = req.recipe();
        String where = RelativePath.join(req.component(), req.directory());
        List<NewPatch> patches = new ArrayList<>();
        List<Step.Skipped> skipped = new ArrayList<>();
        StringBuilder[] script = new StringBuilder
                [recipe.steps().stream().mapToInt(Step::line).max().orElse(0)];
        int[] lastPatch = {0};
        Step.Sink sink = new Step.Sink() {
            @Override
            public void patch(Step.PatchFile p) {
                patches.add(RecipeImport.patch(recipe, p, req));
                lastPatch[0] = Math.max(lastPatch[0], p.line());
            }

            @Override
            public void shell(int line, String text) {
                line(script, line, text);
            }

            @Override
            public void skipped(Step.Skipped k) {
                skipped.add(k);
            }
        };
        recipe.steps().forEach(s -> s.into(sink));
        List<Integer> moved = new ArrayList<>();
        for (int i = 0; i < script.length && i < lastPatch[0] - 1; i++) {
            if (script[i] != null) {
                moved.add(i + 1);
            }
        }
        Snapshot before = Snapshot.of(req.dir());
        Optional<AddPatch.Result> added = Optional.empty();
        if (!patches.isEmpty()) {
            Patchset set = Files.exists(PatchsetStore.tomlOf(req.dir()))
                    ? PatchsetStore.read(req.dir())
                    : Patchset.empty(
                            req.dir().toAbsolutePath().normalize().getFileName().toString(),
                            ws.resolve(req.rev()).name());
            added = Optional.of(AddPatch.run(ws, req.dir(), patches, set, p -> UpstreamTrailers.of(p.bytes())));
        }
        Optional<SedImport.Result> seds = Optional.empty();
        if (Arrays.stream(script).anyMatch(Objects::nonNull)) {
            StringBuilder text = new StringBuilder();
            for (StringBuilder l : script) {
                text.append(l == null ? "" : l).append('\n');
            }
            seds = Optional.of(SedImport.run(
                    ws,
                    new SedImport.Request(req.dir(), recipe.file(), req.rev()),
                    recipe.file().getFileName().toString(),
                    text.toString(),
                    where));
            if (seds.get().exitCode() == ExitCode.BAD_INPUT) {
                before.restore(req.dir());
            }
        }
        return new Result(added, seds, skipped, moved);
    }

    private static NewPatch patch(Recipe recipe, Step.PatchFile p, Request req) {
        if (!Files.isRegularFile(p.file())) {
            throw new BadInputException(recipe.file().toString(), p.line(), "no patch file " + p.file());
        }
        return new NewPatch(
                p.file().toString(),
                InputFiles.read(p.file()),
                req.component(),
                null,
                req.directory(),
                p.strip(),
                p.note(),
                List.of());
    }

    private static void line(StringBuilder[] script, int line, String text) {
        StringBuilder b = script[line - 1];
        script[line - 1] = b == null ? new StringBuilder(text) : b.append(" ; ").append(text);
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

        void restore(Path dir) {
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
                    AtomicFiles.write(dir.resolve(name), bytes);
                }
            });
        }
    }
}
