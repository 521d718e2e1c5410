package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Bounds submodule nesting before a component is resolved: a component whose repository (URL) or commit already appears
 * among its own ancestors is a cycle (a repository containing itself, which doubles at every level with two such
 * submodules), and no chain may be deeper than {@link #MAX_DEPTH}. Both are bad input naming the chain of component
 * paths.
 */
final class Nesting {
    static final int MAX_DEPTH = 32;

    private Nesting() {}

    /**
     * @param resolved  the components resolved so far (every ancestor of {@code path} among them)
     * @param where     the file that declared the component, for the message
     */
    static void check(
            Map<String, Component> resolved, String where, String parentPath, String path, String url, String commit) {
        List<Component> ancestors = ancestors(resolved, parentPath);
        for (Component a : ancestors) {
            boolean sameUrl = url != null
                    && a.url().filter(u -> normal(url).equals(normal(u))).isPresent();
            if (sameUrl || commit.equals(a.commit())) {
                throw new BadInputException(
                        where,
                        0,
                        "submodule cycle: component '" + path + "' is "
                                + (sameUrl ? "repository " + url : "commit " + commit) + " again, as its ancestor '"
                                + a.path()
                                + "' (chain: " + chain(ancestors, path) + ")");
            }
        }
        if (ancestors.size() > MAX_DEPTH) {
            throw new BadInputException(
                    where,
                    0,
                    "submodules nested deeper than " + MAX_DEPTH + " levels at component '" + path + "' (chain: "
                            + chain(ancestors, path) + ")");
        }
    }

    /** From the superproject down to {@code parentPath}. */
    private static List<Component> ancestors(Map<String, Component> resolved, String parentPath) {
        List<Component> out = new ArrayList<>();
        for (Optional<String> p = Optional.of(parentPath); p.isPresent(); ) {
            Component c = Objects.requireNonNull(resolved.get(p.get()), p.get());
            out.add(c);
            p = c.parent();
        }
        Collections.reverse(out);
        return out;
    }

    private static String chain(List<Component> ancestors, String path) {
        return Stream.concat(ancestors.stream().map(Component::path), Stream.of(path))
                .collect(Collectors.joining(" -> "));
    }

    /** A URL as git would fetch it: no trailing slashes or ".git", case kept. */
    private static String normal(String url) {
        String u = url.replaceAll("/+$", "");
        return u.endsWith(".git") ? u.substring(0, u.length() - 4) : u;
    }
}
