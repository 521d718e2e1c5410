package io.patchpin.archive;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.attributes.Attribute;
import org.eclipse.jgit.attributes.Attributes;
import org.eclipse.jgit.attributes.AttributesNode;
import org.eclipse.jgit.attributes.AttributesRule;

/**
 * The {@code .gitattributes} of one tree, as git reads them when it archives or checks out a commit: only the files in
 * the tree (no info/attributes, no global file: those differ from machine to machine, and neither GitHub's archiver nor
 * a fresh clone has them), deeper files and later lines first, {@code [attr]} macros from the top-level file plus the
 * built-in {@code binary}. Only the attributes that can change an archive are kept.
 */
final class TreeAttributes {
    private static final String MACRO = "[attr]";
    static final Set<String> RELEVANT =
            Set.of("export-ignore", "export-subst", "text", "eol", "crlf", "ident", "filter", "working-tree-encoding");

    private record Frame(String prefix, AttributesNode node) {}

    private final Deque<Frame> frames = new ArrayDeque<>();
    private final Map<String, List<Attribute>> macros = new HashMap<>();
    private int nodes;

    TreeAttributes() {
        macros.put(
                "binary",
                List.of(
                        new Attribute("diff", Attribute.State.UNSET),
                        new Attribute("merge", Attribute.State.UNSET),
                        new Attribute("text", Attribute.State.UNSET)));
    }

    /** Enters directory {@code prefix} ("" or "a/b/"), whose {@code .gitattributes} holds {@code content} (or null). */
    void enter(String prefix, byte[] content) {
        AttributesNode node = null;
        if (content != null) {
            node = new AttributesNode();
            try {
                node.parse(new ByteArrayInputStream(content));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (prefix.isEmpty()) {
                for (AttributesRule r : node.getRules()) {
                    if (r.getPattern().startsWith(MACRO)) {
                        macros.put(r.getPattern().substring(MACRO.length()), r.getAttributes());
                    }
                }
            }
            nodes++;
        }
        frames.push(new Frame(prefix, node));
    }

    void leave() {
        if (frames.pop().node() != null) {
            nodes--;
        }
    }

    /** Whether any attributes file is in scope (lookups can be skipped when not). */
    boolean any() {
        return nodes > 0;
    }

    /** The relevant attributes of {@code path} (relative to the tree's root; no trailing slash). */
    Attributes of(String path, boolean directory) {
        Attributes out = new Attributes();
        if (nodes == 0) {
            return out;
        }
        for (Frame f : frames) {
            if (f.node() == null) {
                continue;
            }
            String rel = path.substring(f.prefix().length());
            List<AttributesRule> rules = f.node().getRules();
            for (int i = rules.size() - 1; i >= 0; i--) {
                AttributesRule rule = rules.get(i);
                if (!rule.getPattern().startsWith(MACRO) && rule.isMatch(rel, directory)) {
                    merge(rule.getAttributes(), out, 0);
                }
            }
        }
        return out;
    }

    /** Later attributes on a line win, and what a higher-priority line decided stays. */
    private void merge(List<Attribute> attrs, Attributes out, int depth) {
        for (int i = attrs.size() - 1; i >= 0; i--) {
            Attribute a = attrs.get(i);
            if (out.containsKey(a.getKey())) {
                continue;
            }
            List<Attribute> expansion = macros.get(a.getKey());
            if (RELEVANT.contains(a.getKey()) || expansion != null) {
                out.put(a);
            }
            if (expansion != null && a.getState() == Attribute.State.SET && depth < 8) {
                merge(expansion, out, depth + 1);
            }
        }
    }
}
