package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.export.DistroExport;
import io.patchpin.export.ExportFormat;
import io.patchpin.export.ExportPatches;
import io.patchpin.safety.WriteLock;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "export",
        description = {
            "Export a patchset as TheRock's patches/<tag> (git am mails), a quilt series or a distro's format.",
            "Distro formats: debian, rpm, gentoo, nix, yocto, west, spack."
        })
public final class ExportCommand extends WorkspaceCommand {
    @Mixin
    Options.PatchsetArg patchset;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            description = "therock, quilt, debian, rpm, gentoo, nix, yocto, west, spack or electron.")
    ExportFormat format;

    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "OUT",
            description = "Output folder.")
    Path output;

    @Mixin
    Options.ComponentPath component;

    @Option(
            names = "--gentoo-user",
            paramLabel = "CATEGORY/PN",
            description = "With --format gentoo: write /etc/portage/patches/CATEGORY/PN/ instead of an ebuild's files.")
    String gentooUser;

    @Override
    public Integer call() {
        if (!format.distro() && (component.path != null || gentooUser != null)) {
            throw new BadInputException(
                    component.path != null ? "--component" : "--gentoo-user",
                    0,
                    "only goes with a distro format (debian, rpm, gentoo, nix, yocto, west, spack)");
        }
        try (Workspace ws = workspace.open();
                WriteLock busy = WriteLock.take(ws, "export")) {
            if (!format.distro()) {
                ExportPatches.Result r = ExportPatches.run(ws, patchset.dir, format, output);
                print(r);
                return r.exitCode().code();
            }
            DistroExport.Result r = DistroExport.run(
                    ws,
                    patchset.dir,
                    new DistroExport.Request(
                            format, output, Optional.ofNullable(component.path), Optional.ofNullable(gentooUser)));
            r.refused().forEach(s -> err().println("patchpin: refused: " + s));
            if (r.refused().isEmpty()) {
                print(r.exported());
            }
            return r.exitCode().code();
        }
    }

    /** The files written on stdout, the entries left out on stderr. */
    private void print(ExportPatches.Result r) {
        r.written().forEach(f -> out().println(output.resolve(f)));
        r.skipped().forEach(s -> err().println("patchpin: not exported: " + s));
    }
}
