package io.patchpin.lock;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A pins file {@code pins/<name>.toml}: what a maintainer wants built. Format 1:
 *
 * <pre>
 * format = 1
 * name = "gfx1103"                  # optional; default: the file name without .toml
 * workspace = "TheRock"             # optional; the root that is the workspace (default: a root
 *                                   # named TheRock, else the first root)
 * patchsets = ["gfx1103-nvptx"]     # optional; folders patchsets/&lt;name&gt;/
 * patchset_dir = "../patchsets"     # optional; relative to this file's folder
 *
 * [[root]]
 * name = "TheRock"
 * url = "https://github.com/ROCm/TheRock.git"
 * ref = "main"                      # branch, tag or commit of the root
 * path = "../TheRock"               # optional local clone (work tree or bare), relative to this file
 *
 * [override."rocm-systems/projects/rocprofiler-sdk/external/perfetto"]
 * commit = "eb5ef24"                # a commit, 7 to 40 hex digits, found in the component's objects
 *
 * [override."compiler/amd-llvm"]
 * follow = true                     # the tip of the branch named in .gitmodules
 *                                   # (follow = "name" follows that branch instead)
 * </pre>
 *
 * @param source    the file, for messages
 * @param dir       the folder holding the file; relative paths resolve against it
 * @param workspace the root named as the workspace, if one is
 * @param overrides by component path, sorted
 */
public record Pins(
        Path source,
        Path dir,
        String name,
        Optional<String> workspace,
        List<PinRoot> roots,
        SortedMap<String, PinOverride> overrides,
        List<String> patchsets,
        String patchsetDir) {

    /** The pins file format this build reads. */
    public static final int FORMAT = 1;

    public Pins {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workspace, "workspace");
        roots = List.copyOf(roots);
        overrides = Collections.unmodifiableSortedMap(new TreeMap<>(overrides));
        patchsets = List.copyOf(patchsets);
    }

    /** The root that is the workspace: the one named by {@code workspace}, else "TheRock", else the first. */
    public PinRoot workspaceRoot() {
        String wanted = workspace.orElse("TheRock");
        Optional<PinRoot> named =
                roots.stream().filter(r -> r.name().equals(wanted)).findFirst();
        return named.orElse(roots.get(0));
    }

    public Path patchsetFolder(String patchset) {
        return dir.resolve(patchsetDir).resolve(patchset).normalize();
    }
}
