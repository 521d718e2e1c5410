package io.patchpin.lockexport;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.lock.Lock;
import io.patchpin.workspace.RemoteUrl;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code lock export}: renders a lock for distributions and container builds. Checksums come from the object databases;
 * a source whose objects are missing or whose bytes depend on conversions is left without one and listed as a problem,
 * and everything else is still written.
 */
public final class LockExport {
    public enum Format {
        NIX,
        PKGBUILD,
        ENV,
        OCI_LABELS,
        OCI_LABELS_DOCKERFILE,
        RPM,
        YOCTO,
        SPACK
    }

    /**
     * @param components    only these component paths (empty: every source)
     * @param nixSubmodules fetchgit with fetchSubmodules: submodule trees inside each hash
     * @param patches       a folder of patches in TheRock's layout ({@code <submodule name>/NNNN-*.patch}) for the
     *                      PKGBUILD, or null
     * @param urls          component path to the URL to write where the lock has none (or a local one was left out)
     */
    public record Request(
            Format format, List<String> components, boolean nixSubmodules, Path patches, Map<String, String> urls) {
        public Request {
            components = List.copyOf(components);
            urls = Map.copyOf(new TreeMap<>(urls));
            urls.forEach((path, url) -> RemoteUrl.check("--url", 0, url));
        }
    }

    /**
     * @param problems one line per source left without a checksum, or other thing not exported ("label: why")
     * @param beside   files to write next to the output, by file name (the PKGBUILD's patches, which makepkg finds
     *                 beside it)
     */
    public record Result(byte[] bytes, List<String> problems, Map<String, byte[]> beside) implements OperationResult {
        public Result {
            problems = List.copyOf(problems);
            beside = Collections.unmodifiableMap(new TreeMap<>(beside));
        }

        @Override
        public ExitCode exitCode() {
            return problems.isEmpty() ? ExitCode.OK : ExitCode.BROKEN;
        }
    }

    private LockExport() {}

    /** Exports {@code lock} (read from {@code lockFile}); {@code workspace} may be null for formats that need no objects. */
    public static Result run(Workspace workspace, Lock lock, Path lockFile, Request request) {
        List<ExportSource> sources = Sources.of(lock, request.components(), lockFile.toString(), request.urls());
        Map<String, byte[]> beside = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        String header = "# Written by `patchpin lock export --format "
                + request.format().name().toLowerCase(Locale.ROOT) + "` from " + lockFile.getFileName()
                + " (superproject " + lock.superproject() + ").\n";
        String text =
                switch (request.format()) {
                    case NIX ->
                        NixFormat.render(
                                sources, new Hasher(workspace, lock), request.nixSubmodules(), header, problems);
                    case PKGBUILD ->
                        PkgbuildFormat.render(
                                sources, new Hasher(workspace, lock), request.patches(), header, problems, beside);
                    case ENV -> EnvFormat.render(sources, header, problems);
                    case OCI_LABELS -> OciLabels.render(sources, false, problems);
                    case OCI_LABELS_DOCKERFILE -> OciLabels.render(sources, true, problems);
                    case RPM -> RpmFormat.render(sources, header, problems);
                    case YOCTO -> YoctoFormat.render(sources, header, problems);
                    case SPACK -> SpackFormat.render(sources, header, problems);
                };
        return new Result(text.getBytes(StandardCharsets.UTF_8), problems, beside);
    }

    public static boolean needsObjects(Format format) {
        return format == Format.NIX || format == Format.PKGBUILD;
    }
}
