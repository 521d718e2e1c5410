package io.patchpin.lockexport;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.InputFiles;
import io.patchpin.patch.ImportPatches;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Patches in TheRock's layout ({@code <submodule name>/NNNN-*.patch}, the superproject's under {@code TheRock/}), as
 * {@code patchpin export --format therock} writes them: which component each applies to, and its checksum.
 */
final class PatchFiles {
    /**
     * @param fileName  the name makepkg links into $srcdir
     * @param component the component path it applies to ("." for the superproject)
     * @param sha256    hex checksum of the file
     * @param folder    the submodule-name folder it was found in
     */
    record Patch(String fileName, String component, String sha256, String folder, byte[] bytes) {
        Patch {
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }
    }

    private PatchFiles() {}

    static List<Patch> read(Path dir, List<ExportSource> sources, List<String> problems) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("--patches", 0, "no such folder: " + dir);
        }
        List<Patch> out = new ArrayList<>();
        for (Path folder :
                InputFiles.list(dir).stream().filter(Files::isDirectory).toList()) {
            String name = folder.getFileName().toString();
            List<ExportSource> owners = sources.stream()
                    .filter(s -> s.path() != null
                            && (s.isSuperproject()
                                    ? name.equals(ImportPatches.SUPERPROJECT_FOLDER)
                                    : name.equals(s.name())))
                    .toList();
            if (owners.size() != 1) {
                problems.add(dir.resolve(name) + ": not applied: "
                        + (owners.isEmpty()
                                ? "no exported component has the submodule name '" + name + "'"
                                : "several components have the submodule name '" + name + "'"));
                continue;
            }
            for (Path p : InputFiles.list(folder)) {
                if (!Files.isRegularFile(p) || !p.getFileName().toString().endsWith(".patch")) {
                    continue;
                }
                byte[] bytes = InputFiles.read(p);
                out.add(new Patch(p.getFileName().toString(), owners.get(0).path(), Hashes.sha256(bytes), name, bytes));
            }
        }
        return out;
    }
}
