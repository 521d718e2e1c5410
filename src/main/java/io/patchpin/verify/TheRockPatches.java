package io.patchpin.verify;

import io.patchpin.core.BadInputException;
import io.patchpin.core.InputFiles;
import io.patchpin.patch.NewPatch;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * A TheRock {@code patches/<tag>} folder read in place as patchsets, one per project folder ({@code <tag>/<project>}),
 * never written anywhere: a folder named after a submodule patches that submodule, as fetch_sources.py does; any other
 * names a project of a monorepo ({@code rocm-libraries}, {@code rocm-systems}) patched under
 * {@code projects/<lower-cased name>} or {@code shared/<lower-cased name>}, as patch_rocm_libraries.py's
 * {@code git am --directory} does. Entries are unsealed and named after their files.
 */
public final class TheRockPatches {
    private TheRockPatches() {}

    public static List<LoadedPatchset> load(Path tagDir, Snapshot snapshot) {
        if (!Files.isDirectory(tagDir)) {
            throw new BadInputException(tagDir.toString(), 0, "not a folder (expected TheRock's patches/<tag>)");
        }
        String tag = tagDir.toAbsolutePath().normalize().getFileName().toString();
        List<LoadedPatchset> out = new ArrayList<>();
        for (Path folder : folders(tagDir)) {
            Map<String, byte[]> patches = new LinkedHashMap<>();
            patches(folder).forEach(p -> patches.put(p.getFileName().toString(), InputFiles.read(p)));
            String project = tagDir.relativize(folder).toString().replace('\\', '/');
            out.add(set(tag, project, folder, patches, Map.of(), snapshot));
        }
        if (out.isEmpty()) {
            throw new BadInputException(tagDir.toString(), 0, "no project folders with *.patch files");
        }
        return out;
    }

    /**
     * A work tree's {@code patches/<tag>} folder as a layer: no set when it is absent or holds no patches, as at a
     * revision without it (reported as a missing layer, not as bad input).
     */
    public static List<LoadedPatchset> layer(Path tagDir, Snapshot snapshot) {
        return Files.isDirectory(tagDir) && !folders(tagDir).isEmpty() ? load(tagDir, snapshot) : List.of();
    }

    /**
     * TheRock's {@code patches/<tag>} as the superproject holds it at {@code snapshot}'s commit (a layer is what
     * {@code fetch_sources.py} would apply at the revision checked), read from objects into memory; no set when the
     * revision has no such folder.
     */
    public static List<LoadedPatchset> fromTree(Snapshot snapshot, String tag) {
        String prefix = "patches/" + tag + "/";
        SortedMap<String, SortedMap<String, byte[]>> byProject = new TreeMap<>();
        FileSource files = snapshot.files();
        for (String path : files.list(Component.SUPERPROJECT).orElseGet(TreeSet::new)) {
            int slash = path.lastIndexOf('/');
            if (path.startsWith(prefix) && path.endsWith(".patch") && slash > prefix.length()) {
                if (files.read(Component.SUPERPROJECT, path) instanceof FileLookup.Found f) {
                    byProject
                            .computeIfAbsent(path.substring(prefix.length(), slash), k -> new TreeMap<>())
                            .put(path.substring(slash + 1), f.content());
                }
            }
        }
        List<LoadedPatchset> out = new ArrayList<>();
        byProject.forEach((project, patches) ->
                out.add(set(tag, project, Path.of("patches", tag, project), patches, patches, snapshot)));
        return out;
    }

    /**
     * The set of one project folder, its patches by file name in order.
     *
     * @param held the patches held in memory for a set read from a tree, else empty
     */
    private static LoadedPatchset set(
            String tag,
            String project,
            Path dir,
            Map<String, byte[]> patches,
            Map<String, byte[]> held,
            Snapshot snapshot) {
        String[] where = place(project, snapshot);
        List<Entry> entries = new ArrayList<>();
        patches.forEach((file, bytes) -> entries.add(new NewPatch(
                        dir.resolve(file).toString(),
                        bytes,
                        where[0],
                        Optional.of(id(file)),
                        where[1],
                        Optional.empty(),
                        "",
                        List.of())
                .unsealed(file)));
        return new LoadedPatchset(
                dir,
                new Patchset(tag + "/" + project, "", Optional.empty(), List.of(), new TreeMap<>(), entries, List.of()),
                held,
                "patches/" + tag + "/" + project);
    }

    /** {component, directory}: the submodule so named, else the monorepo holding the project, else the name itself. */
    private static String[] place(String project, Snapshot snapshot) {
        for (Component c : snapshot.components().values()) {
            if (!c.isSuperproject() && c.name().equals(project)) {
                return new String[] {c.path(), ""};
            }
        }
        String lower = project.toLowerCase(Locale.ROOT);
        for (Component c : snapshot.components().values()) {
            if (c.inSuperproject()) {
                for (String category : List.of("projects/", "shared/")) {
                    if (hasFolder(snapshot, c, category + lower)) {
                        return new String[] {c.path(), category + lower};
                    }
                }
            }
        }
        return new String[] {project, ""}; // verify says COMPONENT_MISSING, naming it
    }

    private static boolean hasFolder(Snapshot snapshot, Component c, String path) {
        Optional<Repository> repo = snapshot.repository(c.path());
        if (repo.isEmpty()) {
            return false;
        }
        try (RevWalk walk = new RevWalk(repo.get());
                TreeWalk tw = TreeWalk.forPath(
                        repo.get(),
                        path,
                        walk.parseCommit(ObjectId.fromString(c.commit())).getTree())) {
            return tw != null && tw.isSubtree();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + c.path() + " at " + c.commit(), e);
        }
    }

    /** An entry id from a patch file name: its stem, with characters an id cannot hold made '-'. */
    static String id(String file) {
        String stem = file.replaceAll("\\.(patch|diff)$", "")
                .replaceAll("[^A-Za-z0-9._-]+", "-")
                .replaceAll("^[^A-Za-z0-9]+", "");
        stem = stem.length() > 100 ? stem.substring(0, 100) : stem;
        return stem.isEmpty() ? "patch" : stem;
    }

    private static List<Path> folders(Path tagDir) {
        return InputFiles.folders(tagDir).stream()
                .filter(d -> !patches(d).isEmpty())
                .toList();
    }

    private static List<Path> patches(Path dir) {
        return InputFiles.list(dir).stream()
                .filter(Files::isRegularFile)
                .filter(p -> p.getFileName().toString().endsWith(".patch"))
                .toList();
    }
}
