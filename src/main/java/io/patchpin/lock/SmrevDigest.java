package io.patchpin.lock;

import io.patchpin.core.Hashes;
import io.patchpin.workspace.Component;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;

/**
 * What TheRock's {@code build_tools/fetch_sources.py} writes into {@code .<dir>.smrev} beside a patched component: the
 * URL, then {@code <gitlink>+PATCHED:<sha1>} where sha1 runs over the concatenated bytes of
 * {@code patches/<tag>/<project>/*.patch} in sorted name order.
 *
 * @param tag      the patch tag folder, e.g. "amd-mainline"
 * @param project  the submodule name the patch folder is named after
 * @param patches  how many patch files
 * @param revision the second line of the .smrev file: {@code <commit>+PATCHED:<sha1>}
 */
public record SmrevDigest(String tag, String project, String component, int patches, String sha1, String revision) {
    private static final String PATCHES = "patches";

    /**
     * The digests of the superproject tree at {@code commit}: the patch files are the direct children of each folder; a
     * folder whose project names no top-level submodule of {@code entries} is skipped, as TheRock does.
     */
    static List<SmrevDigest> of(Repository superRepo, ObjectId commit, List<LockEntry> entries) {
        Map<String, LockEntry> topLevel = entries.stream()
                .filter(e -> e.parent().filter(Component.SUPERPROJECT::equals).isPresent())
                .collect(Collectors.toMap(LockEntry::name, e -> e, (a, b) -> b));
        List<SmrevDigest> out = new ArrayList<>();
        try (ObjectReader reader = superRepo.newObjectReader()) {
            for (var folder : patchFolders(superRepo, commit).entrySet()) {
                String[] tagProject = folder.getKey().split("/", 2);
                LockEntry c = topLevel.get(tagProject[1]);
                if (c == null) {
                    continue;
                }
                MessageDigest sha1 = Hashes.digest("SHA-1");
                for (ObjectId blob : folder.getValue().values()) {
                    // streamed: a patch blob of any size is hashed without holding it
                    reader.open(blob).copyTo(new DigestOutputStream(OutputStream.nullOutputStream(), sha1));
                }
                String hex = Hashes.hex(sha1.digest());
                out.add(new SmrevDigest(
                        tagProject[0],
                        tagProject[1],
                        c.path(),
                        folder.getValue().size(),
                        hex,
                        c.commit() + "+PATCHED:" + hex));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read patches of " + commit.name(), e);
        }
        return out;
    }

    /** "tag/project" to (file name to blob), for patches/tag/project/*.patch. */
    private static SortedMap<String, SortedMap<String, ObjectId>> patchFolders(Repository repo, ObjectId commit)
            throws IOException {
        SortedMap<String, SortedMap<String, ObjectId>> out = new TreeMap<>();
        try (RevWalk walk = new RevWalk(repo);
                TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(walk.parseCommit(commit).getTree());
            tw.setRecursive(true);
            tw.setFilter(PathFilter.create(PATCHES));
            while (tw.next()) {
                String[] parts = tw.getPathString().split("/");
                boolean file = (tw.getFileMode(0).getBits() & FileMode.TYPE_MASK) == FileMode.TYPE_FILE;
                if (file && parts.length == 4 && parts[3].endsWith(".patch")) {
                    out.computeIfAbsent(parts[1] + "/" + parts[2], k -> new TreeMap<>())
                            .put(parts[3], tw.getObjectId(0));
                }
            }
            return out;
        }
    }
}
