package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Progress;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockFile;
import io.patchpin.lockexport.LockExport;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

@Command(
        name = "export",
        description = {
            "Write a lock as distributions consume it: a Nix attribute set with hashes, PKGBUILD sources "
                    + "with makepkg's checksums, versions.env, or OCI image labels.",
            "Checksums are computed from the object databases. Exit 1 when a source is left without one "
                    + "(named on stderr; everything else is written)."
        })
public final class LockExportCommand extends WorkspaceCommand {
    @Mixin
    Options.LockArg lockfile;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            converter = FormatConverter.class,
            description = "nix, pkgbuild, env, oci-labels, oci-labels-dockerfile, rpm, yocto or spack.")
    LockExport.Format format;

    @Mixin
    Options.Output output;

    @Mixin
    Options.Components components;

    @Option(names = "--nix-submodules", description = "fetchSubmodules = true: each hash covers the submodule trees.")
    boolean nixSubmodules;

    @Option(
            names = "--patches",
            paramLabel = "DIR",
            description =
                    "pkgbuild: patches in TheRock's layout (<submodule name>/NNNN-*.patch, as `patchpin export` writes).")
    Path patches;

    @Option(
            names = "--url",
            paramLabel = "PATH=URL",
            description = "The URL of component PATH ('.' for the superproject) where the lock has none (repeatable).")
    Map<String, String> urls = new TreeMap<>();

    @Override
    public Integer call() {
        Lock lock = LockFile.read(lockfile.file);
        if (patches != null && output.file == null) {
            throw new BadInputException(
                    "--patches",
                    0,
                    "needs -o FILE: the patches are copied beside the PKGBUILD, where makepkg finds them");
        }
        LockExport.Request request =
                new LockExport.Request(format, components.components, nixSubmodules, patches, urls);
        LockExport.Result result;
        if (LockExport.needsObjects(format)) {
            try (Workspace ws = workspace.open();
                    Progress p = progress("hashing sources")) {
                result = LockExport.run(ws, lock, lockfile.file, request);
            }
        } else {
            result = LockExport.run(null, lock, lockfile.file, request);
        }
        result.problems().forEach(p -> err().println("patchpin: " + p));
        if (output.file != null) {
            Path folder = output.file.toAbsolutePath().normalize().getParent();
            result.beside()
                    .forEach((name, bytes) -> AtomicFiles.write(
                            folder.resolve(name), bytes, workspace.settings().fsync()));
        }
        write(output.file, result.bytes());
        return result.exitCode().code();
    }

    /** Accepts the formats as written on the command line (oci-labels for OCI_LABELS). */
    static final class FormatConverter implements ITypeConverter<LockExport.Format> {
        @Override
        public LockExport.Format convert(String value) {
            try {
                return LockExport.Format.valueOf(value.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value
                        + "' is not one of nix, pkgbuild, env, oci-labels, oci-labels-dockerfile, rpm, yocto, spack");
            }
        }
    }
}
