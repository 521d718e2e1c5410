package io.patchpin.lock;

import com.fasterxml.jackson.databind.JsonNode;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.ReadLimit;
import io.patchpin.core.RelativePath;
import io.patchpin.core.TomlDocument;
import io.patchpin.workspace.Blobs;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.RemoteUrl;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Sources TheRock pins outside its gitlinks: every {@code external_git_sources} array of {@code BUILD_TOPOLOGY.toml} at
 * the superproject commit (entries {@code { name, origin, commit, path }}), as components with
 * {@code source = "topology"}. Read from the objects, never the work tree.
 */
final class TopologySources {
    static final String FILE = "BUILD_TOPOLOGY.toml";

    private TopologySources() {}

    /** {@code entries}, then the topology's sources at the paths none of them holds. */
    static List<LockEntry> plus(Workspace ws, ObjectId commit, List<LockEntry> entries) {
        Set<String> taken = entries.stream().map(LockEntry::path).collect(Collectors.toSet());
        List<LockEntry> out = new ArrayList<>(entries);
        of(ws, commit).stream().filter(e -> !taken.contains(e.path())).forEach(out::add);
        return out;
    }

    private static List<LockEntry> of(Workspace ws, ObjectId commit) {
        Optional<byte[]> bytes =
                read(ws.superRepository(), commit, ws.settings().readLimit());
        if (bytes.isEmpty()) {
            return List.of();
        }
        String source = FILE + " at " + commit.abbreviate(12).name();
        TomlDocument doc = TomlDocument.parse(source, bytes.get());
        TreeMap<String, LockEntry> out = new TreeMap<>();
        collect(ws, doc, doc.root(), source, out);
        return List.copyOf(out.values());
    }

    private static void collect(
            Workspace ws, TomlDocument doc, JsonNode node, String source, TreeMap<String, LockEntry> out) {
        if (node.isArray()) {
            node.forEach(n -> collect(ws, doc, n, source, out));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            JsonNode child = node.get(key);
            if (key.equals("external_git_sources") && child.isArray()) {
                for (JsonNode s : child) {
                    LockEntry e = entry(
                            ws, doc.fields(s, doc.lineOfKey("external_git_sources"), "external_git_sources"), source);
                    out.putIfAbsent(e.path(), e);
                }
            } else {
                collect(ws, doc, child, source, out);
            }
        }
    }

    private static LockEntry entry(Workspace ws, TomlDocument.Fields f, String source) {
        String name = f.string("name");
        String origin = f.string("origin");
        RemoteUrl.refusal(origin).ifPresent(why -> {
            throw f.error("origin", "external source '" + name + "': " + RemoteUrl.message(origin, why));
        });
        String commit = f.string("commit");
        if (!Hashes.isObjectId(commit)) {
            throw new BadInputException(
                    source, f.line(), "external source '" + name + "': commit '" + commit + "' must be 40-hex");
        }
        String path = RelativePath.normalize(f.path("path"));
        Path gitDir = ws.superRepository().getDirectory().toPath();
        boolean available = ws.workTree()
                .flatMap(root ->
                        ws.locator().find(gitDir, root.resolve(path), name, origin, ObjectId.fromString(commit)))
                .isPresent();
        return new LockEntry(
                path,
                name,
                Optional.of(Component.SUPERPROJECT),
                Optional.of(origin),
                Optional.empty(),
                commit,
                false,
                available,
                Optional.of("topology"));
    }

    private static Optional<byte[]> read(Repository repo, ObjectId commit, ReadLimit limit) {
        try (var reader = repo.newObjectReader();
                RevWalk walk = new RevWalk(reader);
                TreeWalk tw =
                        TreeWalk.forPath(reader, FILE, walk.parseCommit(commit).getTree())) {
            return tw == null
                    ? Optional.empty()
                    : Optional.of(Blobs.read(
                            limit,
                            reader,
                            tw.getObjectId(0),
                            FILE,
                            "at " + commit.abbreviate(12).name()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE + " at " + commit.name(), e);
        }
    }
}
