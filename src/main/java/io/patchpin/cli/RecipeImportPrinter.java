package io.patchpin.cli;

import io.patchpin.author.AddPatch;
import io.patchpin.core.BadInputException;
import io.patchpin.core.RelativePath;
import io.patchpin.core.Version;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.recipe.Recipe;
import io.patchpin.recipe.RecipeFormat;
import io.patchpin.recipe.RecipeImport;
import io.patchpin.safety.WriteLock;
import io.patchpin.sed.SedImport;
import io.patchpin.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code import DIR --from RECIPE}: binds the recipe options, runs the import, says what came in and what did not. */
final class RecipeImportPrinter {
    private final CommandSpec spec;

    RecipeImportPrinter(CommandSpec spec) {
        this.spec = spec;
    }

    int run(
            WorkspaceOptions workspace,
            Path dir,
            Path from,
            String format,
            String component,
            String directory,
            String rev,
            String version,
            int fuzz) {
        Optional<RecipeFormat> f = Optional.ofNullable(format).map(w -> RecipeFormat.parse(w)
                .orElseThrow(() -> new BadInputException(
                        "--format",
                        0,
                        "'" + w + "' is not spec, ebuild, pkgbuild, nix, spack, dockerfile or electron")));
        Recipe recipe = Recipe.read(from, f);
        String c = component == null ? "." : RelativePath.check("--component", 0, component);
        String d = directory == null ? "" : RelativePath.check("--directory", 0, directory.replaceAll("/+$", ""));
        try (Workspace ws = workspace.open();
                WriteLock busy = WriteLock.forPatchset(dir, "import")) {
            RecipeImport.Result r =
                    RecipeImport.run(ws, new RecipeImport.Request(dir, recipe, c, d, rev, version, fuzz));
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
                    + r.seds().map(s -> s.imported().size()).orElse(0) + " rewrite(s) imported into " + dir);
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
        return "imported " + e.id() + " -> " + where + " (" + e.patch() + when + fuzz
                + (p.unsealed().contains(e.id()) ? ", unsealed: " + p.whyUnsealed(e.id()) : "") + ")";
    }

    private static void problems(PrintWriter err, String name, SedImport.Result s) {
        s.skipped()
                .forEach(p -> err.println(name + ":" + p.line() + ": not imported: " + p.reason() + ": " + p.text()));
        s.failed().forEach(p -> err.println(name + ":" + p.line() + ": cannot seal: " + p.reason() + ": " + p.text()));
    }
}
