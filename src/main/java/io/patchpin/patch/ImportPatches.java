package io.patchpin.patch;

import io.patchpin.core.BadInputException;
import io.patchpin.core.InputFiles;
import io.patchpin.core.RelativePath;
import io.patchpin.core.Slug;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a patch collection into {@link NewPatch} requests, in order: a TheRock {@code patches/<tag>/} folder
 * (subfolders named after submodule names), a quilt {@code series} (with per-patch {@code -pN}), or a folder of
 * format-patch files. Nothing is written here; {@code author.AddPatch} seals them.
 */
public final class ImportPatches {
    /** The superproject's folder in a TheRock-style patch folder (it has no submodule name), read and written. */
    public static final String SUPERPROJECT_FOLDER = "TheRock";

    private ImportPatches() {}

    /** {@code component} is needed for quilt and plain folders (they do not name one), ignored for TheRock's layout. */
    public static List<NewPatch> collect(Path from, Snapshot base, String component) {
        List<NewPatch> found = find(from, base, component);
        if (found.isEmpty()) {
            throw new BadInputException(
                    from.toString(), 0, "no patches found (expected *.patch files or a quilt series)");
        }
        return found;
    }

    private static List<NewPatch> find(Path from, Snapshot base, String component) {
        if (Files.isRegularFile(from) && from.getFileName().toString().equals("series")) {
            return quilt(from, require(component, from));
        }
        if (Files.isRegularFile(from.resolve("series"))) {
            return quilt(from.resolve("series"), require(component, from));
        }
        if (!Files.isDirectory(from)) {
            throw new BadInputException(from.toString(), 0, "not a patches folder or quilt series");
        }
        if (InputFiles.list(from).stream().anyMatch(Files::isDirectory)) {
            List<NewPatch> out = new ArrayList<>();
            for (Path d : patchFolders(from)) {
                out.addAll(folder(d, componentNamed(base, from, d)));
            }
            return distinctIds(out, from);
        }
        return folder(from, require(component, from));
    }

    /**
     * Gives every patch its default id, and where two projects hold patches that would get the same one (hipBLAS and
     * hipSOLVER both carry 0001-Work-around-race-condition.patch), prefixes each of those with its project folder, so
     * the ids are distinct and do not depend on file order.
     */
    static List<NewPatch> distinctIds(List<NewPatch> patches, Path from) {
        Map<String, Integer> count = new TreeMap<>();
        List<String> plain = new ArrayList<>();
        for (NewPatch p : patches) {
            String id = NewPatch.defaultId(p.parse(), p.source());
            plain.add(id);
            count.merge(id, 1, Integer::sum);
        }
        List<NewPatch> out = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < patches.size(); i++) {
            NewPatch p = patches.get(i);
            String id = plain.get(i);
            if (count.get(id) > 1) {
                Path folder = from.relativize(Path.of(p.source()).getParent());
                id = Slug.entryId(80, id).of(folder.toString().replace('\\', '/') + "-" + id);
            }
            for (int n = 2; !taken.add(id); n++) {
                id = plain.get(i) + "-" + n;
            }
            out.add(p.withId(id));
        }
        return out;
    }

    private static String require(String component, Path from) {
        if (component == null) {
            throw new BadInputException(
                    from.toString(),
                    0,
                    "a quilt series or a folder of patches does not name its component: give --component");
        }
        return RelativePath.check("--component", 0, component);
    }

    /** Folders holding patch files, sorted; a submodule name may hold '/', so they can nest. */
    private static List<Path> patchFolders(Path from) {
        return InputFiles.folders(from).stream()
                .filter(d -> InputFiles.list(d).stream()
                        .anyMatch(p -> Files.isRegularFile(p) && p.toString().endsWith(".patch")))
                .toList();
    }

    private static String componentNamed(Snapshot base, Path from, Path dir) {
        String name = from.relativize(dir).toString().replace('\\', '/');
        return base.components().values().stream()
                .filter(c -> !c.isSuperproject() && c.name().equals(name))
                .map(Component::path)
                .findFirst()
                .or(() -> name.equals(SUPERPROJECT_FOLDER) ? Optional.of(".") : Optional.empty())
                .orElseThrow(() -> new BadInputException(
                        dir.toString(), 0, "no submodule named '" + name + "' in .gitmodules at the base"));
    }

    private static List<NewPatch> folder(Path dir, String component) {
        return InputFiles.list(dir).stream()
                .filter(p -> Files.isRegularFile(p)
                        && (p.toString().endsWith(".patch") || p.toString().endsWith(".diff")))
                .map(p -> plain(p, InputFiles.read(p), component, Optional.empty()))
                .toList();
    }

    /** A patch of the collection as it comes: no id, directory, reason or links of its own. */
    private static NewPatch plain(Path p, byte[] bytes, String component, Optional<Integer> strip) {
        return new NewPatch(p.toString(), bytes, component, Optional.empty(), "", strip, "", List.of());
    }

    private static List<NewPatch> quilt(Path series, String component) {
        List<NewPatch> out = new ArrayList<>();
        List<String> lines = FileLines.split(new String(InputFiles.read(series), StandardCharsets.UTF_8));
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).replaceAll("#.*", "").strip();
            if (l.isEmpty()) {
                continue;
            }
            String[] parts = l.split("\\s+");
            String name = RelativePath.check(series.toString(), i + 1, parts[0]);
            int strip = 1;
            for (int k = 1; k < parts.length; k++) {
                if (parts[k].matches("-p\\d")) {
                    strip = Integer.parseInt(parts[k].substring(2));
                } else {
                    throw new BadInputException(
                            series.toString(), i + 1, "unsupported series option '" + parts[k] + "'");
                }
            }
            Path p = series.getParent().resolve(name);
            byte[] bytes;
            try {
                bytes = InputFiles.read(p);
            } catch (BadInputException e) {
                // the series line names the patch: that is the line to fix
                throw new BadInputException(series.toString(), i + 1, "patch '" + name + "': " + e.getMessage(), e);
            }
            out.add(plain(p, bytes, component, Optional.of(strip)));
        }
        return out;
    }
}
