package io.patchpin.cli;

import io.patchpin.author.AddPatch;
import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.core.RelativePath;
import io.patchpin.core.Version;
import io.patchpin.patch.ImportPatches;
import io.patchpin.patch.NewPatch;
import io.patchpin.patch.UpstreamTrailers;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.recipe.Recipe;
import io.patchpin.recipe.RecipeFormat;
import io.patchpin.recipe.RecipeImport;
import io.patchpin.safety.WriteLock;
import io.patchpin.sed.SedImport;
import io.patchpin.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

// no standard help options: --version here is the component's version, not patchpin's
@Command(
        name = "import",
        description = {
            "Import a TheRock patches/<tag> folder, a quilt series or a folder of format-patch files as sealed patch entries.",
            "Or a recipe (RPM spec, ebuild, PKGBUILD, Nix expression, Spack package.py, Dockerfile, Electron .patches): its local"
                    + " patches as patch entries, its sed -i lines and substitutions as rewrites."
        })
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    @Mixin
    Options.PatchsetArg patchset;

    @Option(
            names = "--from",
            required = true,
            paramLabel = "PATH",
            description = "Patches folder or quilt series file.")
    Path from;

    @Mixin
    Options.ComponentPath component;

    @Mixin
    Options.Rev base;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            completionCandidates = RecipeForms.class,
            description =
                    "A recipe's form when its name does not say: spec, ebuild, pkgbuild, nix, spack, dockerfile or electron.")
    String format;

    @Option(
            names = "--directory",
            paramLabel = "DIR",
            description =
                    "The folder of the component a recipe's project is (rocBLAS: projects/rocblas of rocm-libraries).")
    String directory;

    @Mixin
    Options.UpstreamRecord upstream;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help message and exit.")
    boolean help;

    @Option(
            names = "--fuzz",
            paramLabel = "N",
            defaultValue = "0",
            description = "Seal patches that need up to N lines of fuzz (0-2) as GNU patch applies them, as the"
                    + " distro does (ebuild, Spack, PKGBUILD: 2; spec: 0); verify says FUZZ where fuzz is still needed"
                    + " (default: ${DEFAULT-VALUE}).")
    int fuzz;

    @Option(
            names = "--version",
            paramLabel = "V",
            description = "The component's version at the base, deciding which of a recipe's conditional patches"
                    + " (Spack's when=) are sealed (default: read from its rocm-*, v* or therock-* tags).")
    String version;

    @Override
    public Integer call() {
        if (isRecipe()) {
            return recipe(checkedFuzz());
        }
        if (directory != null || version != null) {
            throw new BadInputException(
                    directory != null ? "--directory" : "--version", 0, "goes with a recipe (--from RECIPE)");
        }
        int f = checkedFuzz();
        try (Workspace ws = workspace.open();
                WriteLock busy = workspace.lock(patchset.dir, "import")) {
            Patchset set = Authoring.readOrNew(ws, patchset.dir, base.orHead());
            String base = set.base()
                    .orElseThrow(() -> new BadInputException(
                            PatchsetStore.tomlOf(patchset.dir).toString(),
                            0,
                            "the patchset has no base; import seals patches against one (rebase it first)"));
            List<NewPatch> patches = ImportPatches.collect(from, ws.baseSnapshot(base), component.path).stream()
                    .map(p -> p.withFuzz(f))
                    .toList();
            Upstream given = upstream.upstream();
            AddPatch.Result r = AddPatch.run(
                    ws,
                    new AddPatch.Request(patchset.dir, patches, set, p -> given.or(UpstreamTrailers.of(p.bytes()))),
                    ws.settings());
            PrintWriter out = spec.commandLine().getOut();
            r.added()
                    .forEach(e -> out.println(
                            "imported " + e.id() + " -> " + e.component() + " (" + e.patch() + unsealed(r, e) + ")"));
            out.println(r.added().size() + " patch(es) imported into " + patchset.dir);
            return r.exitCode().code();
        }
    }

    /** {@code --from RECIPE}: its patches and its edits, saying what came in and what did not. */
    private int recipe(int fuzz) {
        Optional<RecipeFormat> f = Optional.ofNullable(format).map(w -> RecipeFormat.parse(w)
                .orElseThrow(() -> new BadInputException(
                        "--format",
                        0,
                        "'" + w + "' is not spec, ebuild, pkgbuild, nix, spack, dockerfile or electron")));
        Recipe recipe = Recipe.read(from, f);
        String c = component.checked();
        String d = directory == null ? "" : RelativePath.check("--directory", 0, directory.replaceAll("/+$", ""));
        try (Workspace ws = workspace.open();
                WriteLock busy = workspace.lock(patchset.dir, "import")) {
            RecipeImport.Result r = RecipeImport.run(
                    ws, new RecipeImport.Request(patchset.dir, recipe, c, d, base.orHead(), version, fuzz));
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            String name = from.getFileName().toString();
            r.version().ifPresent(v -> out.println("version of " + c + " at the base: " + v.describe()));
            r.patches().ifPresent(p -> p.added().forEach(e -> out.println(line(e, p, r.version()))));
            if (fuzz == 0 && recipe.format().appliesWithFuzz()) {
                err.println(name + ": note: " + recipe.format().word() + " recipes are applied with GNU patch's fuzz 2;"
                        + " a patch that needs fuzz is sealed as they apply it with import --fuzz 2");
            }
            r.seds().ifPresent(s -> s.imported()
                    .forEach(e -> out.println("imported " + e.id() + " -> " + e.component() + " (rewrite of "
                            + String.join(", ", e.files()) + ")")));
            r.seds().ifPresent(s -> problems(err, name, s));
            r.skipped()
                    .forEach(k ->
                            err.println(name + ":" + k.line() + ": not imported: " + k.reason() + ": " + k.text()));
            r.moved()
                    .forEach(l -> err.println(name + ":" + l + ": note: this edit runs before a patch in the recipe;"
                            + " it is imported after the patches"));
            out.println(recipe.format().word() + " recipe " + name + ": "
                    + r.patches().map(p -> p.added().size()).orElse(0) + " patch(es), "
                    + r.seds().map(s -> s.imported().size()).orElse(0) + " rewrite(s) imported into " + patchset.dir);
            return r.exitCode().code();
        }
    }

    /** One imported patch: sealed, conditional (not for the version at the base), or unsealed and why. */
    private static String line(PatchEntry e, AddPatch.Result p, Optional<Version> version) {
        String where = e.component() + (e.directory().isEmpty() ? "" : "/" + e.directory());
        String fuzz = e.fuzz() > 0 ? ", fuzz " + e.fuzz() : "";
        String when = e.when().always() ? "" : ", for " + e.when().text();
        if (version.isPresent() && !e.when().holds(version.get())) {
            return "conditional " + e.id() + " -> " + where + " (" + e.patch() + when + "; not for "
                    + version.get().text() + ": not sealed, checked where its range holds)";
        }
        return "imported " + e.id() + " -> " + where + " (" + e.patch() + when + fuzz + unsealed(p, e) + ")";
    }

    private static String unsealed(AddPatch.Result r, PatchEntry e) {
        return Optional.ofNullable(r.unsealed().get(e.id()))
                .map(why -> ", unsealed: " + why)
                .orElse("");
    }

    private static void problems(PrintWriter err, String name, SedImport.Result s) {
        s.skipped()
                .forEach(p -> err.println(name + ":" + p.line() + ": not imported: " + p.reason() + ": " + p.text()));
        s.failed().forEach(p -> err.println(name + ":" + p.line() + ": cannot seal: " + p.reason() + ": " + p.text()));
    }

    private int checkedFuzz() {
        if (fuzz < 0 || fuzz > PatchEntry.MAX_FUZZ) {
            throw new BadInputException("--fuzz", 0, "must be 0 to " + PatchEntry.MAX_FUZZ + " (GNU patch's default)");
        }
        return fuzz;
    }

    /** A recipe: --format given, or a file that is neither a quilt series nor a patch. */
    private boolean isRecipe() {
        String name = from.getFileName() == null ? "" : from.getFileName().toString();
        return format != null
                || Files.isRegularFile(from)
                        && !name.equals("series")
                        && !name.endsWith(".patch")
                        && !name.endsWith(".diff");
    }

    /** What completion offers for {@code --format}: every recipe form, as typed. */
    static final class RecipeForms implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(RecipeFormat.values()).map(RecipeFormat::word).iterator();
        }
    }
}
