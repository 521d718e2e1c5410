package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import io.patchpin.core.ReadLimit;
import io.patchpin.core.RelativePath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.eclipse.jgit.errors.ConfigInvalidException;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;

/**
 * A component's {@code .gitmodules} at one commit, read once: its parsed entries, its text (for the line of a refused
 * value, looked up only when one is refused), and the gitlinks its paths point at, found in one walk of the tree.
 * Looking each entry up on its own re-read the blob and re-walked the tree per entry, quadratic in the entries (2,500
 * took 31 s).
 */
final class GitModules {
    private final Config config;
    private final String text;

    private GitModules(Config config, String text) {
        this.config = config;
        this.text = text;
    }

    /** The {@code .gitmodules} of {@code tree}, empty when it has none; an unparsable one is bad input naming {@code where}. */
    static GitModules read(ReadLimit limit, ObjectReader reader, RevTree tree, String parentPath, String where)
            throws IOException {
        try (TreeWalk walk = TreeWalk.forPath(reader, Constants.DOT_GIT_MODULES, tree)) {
            if (walk == null) {
                return new GitModules(new Config(), "");
            }
            byte[] bytes = Blobs.read(
                    limit,
                    reader,
                    walk.getObjectId(0),
                    RelativePath.join(parentPath, Constants.DOT_GIT_MODULES),
                    where);
            String text = new String(bytes, StandardCharsets.UTF_8);
            Config config = new Config();
            config.fromText(text);
            return new GitModules(config, text);
        } catch (ConfigInvalidException e) {
            throw new BadInputException(
                    ".gitmodules of " + parentPath + " " + where, 0, "invalid .gitmodules: " + e.getMessage(), e);
        }
    }

    Config config() {
        return config;
    }

    /** The 1-based line holding {@code value}, or 0 (for the message of a refused value only). */
    int lineOf(String value) {
        String[] lines = text.split("\n", -1);
        return IntStream.range(0, lines.length)
                .filter(i -> lines[i].contains(value))
                .map(i -> i + 1)
                .findFirst()
                .orElse(0);
    }

    /** The gitlinks of {@code tree} at {@code paths}, in one walk that enters only the folders on their way. */
    static Map<String, ObjectId> gitlinks(ObjectReader reader, RevTree tree, Collection<String> paths)
            throws IOException {
        Map<String, ObjectId> out = new HashMap<>();
        List<String> wanted =
                paths.stream().filter(p -> !p.isEmpty()).distinct().toList();
        if (wanted.isEmpty()) {
            return out;
        }
        try (TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(tree);
            walk.setRecursive(true);
            walk.setFilter(PathFilterGroup.createFromStrings(wanted));
            while (walk.next()) {
                if (walk.getFileMode(0) == FileMode.GITLINK) {
                    out.put(walk.getPathString(), walk.getObjectId(0));
                }
            }
        }
        return out;
    }
}
