package io.patchpin.lockexport;

import io.patchpin.archive.Refusal;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.InputFiles;
import io.patchpin.patch.ImportPatches;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * PKGBUILD lines: {@code source=()} with a {@code git+URL#commit=} entry per source (the superproject first) and the
 * patches after them, {@code sha256sums=()} with makepkg's checksum of each git source (sha256 of
 * {@code git archive --format tar <commit>}, computed from objects) and of each patch, and a {@code prepare()} that
 * points every submodule at its local source, checks out overridden pins, and applies the patches.
 */
final class PkgbuildFormat {
    /**
     * A patch in TheRock's layout ({@code <submodule name>/NNNN-*.patch}, the superproject's under {@code TheRock/}), as
     * {@code patchpin export --format therock} writes them.
     *
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

    private PkgbuildFormat() {}

    static String render(
            List<ExportSource> all,
            Hasher hasher,
            Path patchesDir,
            String header,
            List<String> problems,
            Map<String, byte[]> beside) {
        List<ExportSource> sources = new ArrayList<>();
        for (ExportSource s : all) {
            if (s.url() == null || makepkgUrl(s.url()).isEmpty()) {
                problems.add(s.label() + ": not a source: "
                        + (s.url() == null
                                ? "no URL in the lock"
                                : "URL " + s.url() + " is not https, http, ssh, git or file"));
            } else if (s.commit() == null) {
                // a root locked without a local clone: makepkg would check out "#commit=null"
                problems.add(s.label() + ": not a source: no commit locked");
            } else {
                sources.add(s);
            }
        }
        List<String> names = Names.unique(sources, Names::makepkg);
        List<Patch> patches = patchesDir == null ? List.of() : patches(patchesDir, sources, problems);
        List<String> local = localNames(patches);
        for (int i = 0; i < patches.size(); i++) {
            beside.put(local.get(i), patches.get(i).bytes());
        }
        StringBuilder b = new StringBuilder(header);
        b.append("# Git checksums are makepkg's (pacman >= 6.1): sha256 of `git archive --format tar <commit>`.\n");
        b.append("makedepends+=(git)\n\nsource=(\n");
        for (int i = 0; i < sources.size(); i++) {
            ExportSource s = sources.get(i);
            b.append("  ")
                    .append(quote(names.get(i) + "::git+" + makepkgUrl(s.url()).get() + "#commit=" + s.commit()))
                    .append('\n');
        }
        local.forEach(n -> b.append("  ").append(quote(n)).append('\n'));
        b.append(")\nsha256sums=(\n");
        for (ExportSource s : sources) {
            String sum;
            try {
                sum = hasher.tar(s);
            } catch (Refusal r) {
                problems.add(s.label() + ": no checksum (SKIP written): " + r.getMessage());
                sum = "SKIP";
            }
            b.append("  '").append(sum).append("'\n");
        }
        patches.forEach(p -> b.append("  '").append(p.sha256()).append("'\n"));
        b.append(")\n");
        prepare(b, sources, names, patches, local, problems);
        return b.toString();
    }

    /**
     * The names the patches go by beside the PKGBUILD, where makepkg looks for local sources: the file's own name, or,
     * where two folders hold the same name, the folder and the name ({@code llvm-project-0001-x.patch}).
     */
    static List<String> localNames(List<Patch> patches) {
        Map<String, Integer> count = new TreeMap<>();
        patches.forEach(p -> count.merge(p.fileName(), 1, Integer::sum));
        return patches.stream()
                .map(p ->
                        count.get(p.fileName()) == 1 ? p.fileName() : p.folder().replace('/', '-') + "-" + p.fileName())
                .toList();
    }

    private static void prepare(
            StringBuilder b,
            List<ExportSource> sources,
            List<String> names,
            List<Patch> patches,
            List<String> local,
            List<String> problems) {
        OptionalInt top = IntStream.range(0, sources.size())
                .filter(i -> sources.get(i).isSuperproject())
                .findFirst();
        if (top.isEmpty()) {
            return;
        }
        String root = "\"$srcdir/" + names.get(top.getAsInt()) + "\"";
        Set<String> exported = sources.stream().map(ExportSource::path).collect(Collectors.toSet());
        StringBuilder body = new StringBuilder();
        Map<String, List<Integer>> children = new LinkedHashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            ExportSource s = sources.get(i);
            if (s.isComponent()) {
                if (exported.contains(s.parent())) {
                    children.computeIfAbsent(s.parent(), k -> new ArrayList<>()).add(i);
                } else {
                    problems.add(s.label() + ": not wired in prepare(): its parent " + s.parent() + " is not exported");
                }
            }
        }
        children.keySet().stream()
                .sorted((x, y) -> x.equals(".") ? -1 : y.equals(".") ? 1 : x.compareTo(y))
                .forEach(parent -> wire(body, root, parent, children.get(parent), sources, names));
        if (!patches.isEmpty()) {
            body.append("  cd ").append(root).append('\n');
        }
        for (int i = 0; i < patches.size(); i++) {
            body.append("  patch -d " + quote(patches.get(i).component()) + " -Np1 -i \"$srcdir/\""
                    + quote(local.get(i)) + "\n");
        }
        if (body.length() > 0) {
            // an empty function body is a bash syntax error: with nothing to prepare there is no prepare()
            b.append("\nprepare() {\n").append(body).append("}\n");
        }
    }

    private static void wire(
            StringBuilder b,
            String root,
            String parent,
            List<Integer> kids,
            List<ExportSource> sources,
            List<String> names) {
        String prefix = parent.equals(".") ? "" : parent + "/";
        b.append("  cd " + root + (parent.equals(".") ? "" : "/" + quote(parent)) + "\n");
        StringBuilder paths = new StringBuilder();
        for (int i : kids) {
            paths.append(' ').append(quote(sources.get(i).path().substring(prefix.length())));
        }
        b.append("  git submodule init --" + paths + "\n");
        for (int i : kids) {
            b.append("  git config "
                    + quote("submodule." + sources.get(i).name() + ".url") + " \"$srcdir/" + names.get(i)
                    + "\"\n");
        }
        b.append("  git -c protocol.file.allow=always submodule update --" + paths + "\n");
        for (int i : kids) {
            if (sources.get(i).override()) {
                b.append("  git -C " + quote(sources.get(i).path().substring(prefix.length())) + " checkout -q "
                        + sources.get(i).commit() + "\n");
            }
        }
    }

    /** The patches of {@code dir}, each by the one exported component its folder names; other folders are problems. */
    private static List<Patch> patches(Path dir, List<ExportSource> sources, List<String> problems) {
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

    /** sh single quotes; a quote inside becomes '\''. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * The URL makepkg takes after {@code git+}: https, http, ssh, git and file URLs as they are, scp-like
     * {@code user@host:path} as ssh://; anything else (ext::, options) is not a source.
     */
    static Optional<String> makepkgUrl(String url) {
        if (url.matches("(?i)(https?|ssh|git|file)://[^\\s'\"#]+")) {
            return Optional.of(url);
        }
        Matcher m = Pattern.compile("([A-Za-z0-9._-]+@[A-Za-z0-9.-]+):([^\\s'\"#:]+)")
                .matcher(url);
        if (m.matches() && !m.group(2).startsWith("-")) {
            return Optional.of("ssh://" + m.group(1) + "/" + m.group(2).replaceFirst("^/", ""));
        }
        return Optional.empty();
    }
}
