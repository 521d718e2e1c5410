package io.patchpin.archive;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jgit.attributes.Attributes;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.util.RawParseUtils;

/**
 * Walks a tree depth-first straight from the object database, one directory's entry list in memory at a time, blobs
 * handed over as loaders to stream. Applies {@link ArchiveMode}'s attributes and refuses conversions (see
 * {@link Conversions}); gitlinks become directories, filled in by {@link Submodules} or left empty; directories with
 * nothing below them are left out, as git does.
 */
final class SourceWalker {
    /** Entry order within a directory. */
    enum Order {
        /** Tree order, as git archive writes (a directory sorts as if its name ended in '/'). */
        GIT,
        /** Plain bytewise order of names, as NAR wants. */
        NAME
    }

    private static final byte[] ATTRIBUTES = Constants.encodeASCII(Constants.DOT_GIT_ATTRIBUTES);

    private record Item(byte[] name, int mode, ObjectId id) {}

    /**
     * A directory entered but not yet reported: git archive writes a directory only once a file, link or gitlink below
     * it is written (so empty trees and folders whose content is all export-ignored vanish), and a checkout creates one
     * only for what its index holds.
     */
    private record Pending(byte[] path, byte[] name, ObjectId id) {}

    private final ArchiveMode mode;
    private final Order order;
    private final Submodules submodules;
    private final Visitor visitor;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();

    SourceWalker(ArchiveMode mode, Order order, Submodules submodules, Visitor visitor) {
        this.mode = mode;
        this.order = order;
        this.submodules = submodules;
        this.visitor = visitor;
    }

    /** Walks {@code tree} of {@code repo}; {@code prefix} is where it sits in the outermost tree ("" or "a/b/"). */
    void walk(Repository repo, ObjectId tree, byte[] prefix) throws IOException, Refusal {
        try (ObjectReader reader = repo.newObjectReader()) {
            walkTree(reader, tree, prefix, new TreeAttributes());
        }
    }

    private void walkTree(ObjectReader reader, ObjectId tree, byte[] prefix, TreeAttributes attrs)
            throws IOException, Refusal {
        List<Item> items = read(reader, tree, prefix);
        String prefixText = RawParseUtils.decode(prefix);
        attrs.enter(prefixText, attributesFile(reader, items, prefix));
        if (order == Order.NAME) {
            items.sort((a, b) -> Arrays.compareUnsigned(a.name(), b.name()));
        }
        for (Item it : items) {
            byte[] path = concat(prefix, it.name(), null);
            int type = it.mode() & FileMode.TYPE_MASK;
            boolean dirLike = type == FileMode.TYPE_TREE || type == FileMode.TYPE_GITLINK;
            if (type != FileMode.TYPE_TREE) {
                // git archive writes the queued directories on meeting any other entry, even one it then drops
                flush();
            }
            Attributes a = attrs.any() ? attrs.of(RawParseUtils.decode(path), dirLike) : null;
            if (mode == ArchiveMode.EXPORT && a != null && a.isSet("export-ignore")) {
                continue;
            }
            if (type == FileMode.TYPE_TREE) {
                pending.addLast(new Pending(path, it.name(), it.id()));
                walkTree(reader, it.id(), concat(prefix, it.name(), (byte) '/'), attrs);
                leave();
                continue;
            }
            if (type == FileMode.TYPE_GITLINK) {
                gitlink(path, it);
            } else if (type == FileMode.TYPE_SYMLINK) {
                visitor.symlink(
                        path, it.name(), it.id(), open(reader, it.id(), path).getCachedBytes());
            } else if (type == FileMode.TYPE_FILE) {
                ObjectLoader blob = open(reader, it.id(), path);
                String why = a == null ? null : Conversions.check(a, mode, blob);
                if (why != null) {
                    throw Refusal.conversion(RawParseUtils.decode(path), why);
                }
                visitor.file(path, it.name(), (it.mode() & 0100) != 0, it.id(), blob);
            } else {
                throw Refusal.conversion(
                        RawParseUtils.decode(path), "unsupported mode " + Integer.toOctalString(it.mode()));
            }
        }
        attrs.leave();
    }

    private void leave() throws IOException {
        if (!pending.isEmpty()) {
            pending.removeLast();
        } else {
            visitor.endDirectory();
        }
    }

    /** Reports the directories that now hold something, outermost first. */
    private void flush() throws IOException {
        while (!pending.isEmpty()) {
            Pending p = pending.removeFirst();
            visitor.directory(p.path(), p.name(), p.id());
        }
    }

    private void gitlink(byte[] path, Item it) throws IOException, Refusal {
        visitor.directory(path, it.name(), it.id());
        Repository nested = submodules.open(RawParseUtils.decode(path), it.id());
        if (nested != null) {
            ObjectId tree = commit(nested, it.id(), RawParseUtils.decode(path)).getTree();
            walk(nested, tree, concat(path, new byte[0], (byte) '/'));
        }
        visitor.endDirectory();
    }

    /** {@code commit}, parsed; missing objects are refusals. */
    static RevCommit commit(Repository repo, ObjectId commit, String what) throws IOException, Refusal {
        try (RevWalk walk = new RevWalk(repo)) {
            return walk.parseCommit(commit);
        } catch (MissingObjectException e) {
            throw Refusal.missing("commit " + commit.name() + " (" + what + ") is in no local object database");
        } catch (IncorrectObjectTypeException e) {
            throw Refusal.missing(commit.name() + " (" + what + ") is not a commit");
        }
    }

    private static List<Item> read(ObjectReader reader, ObjectId tree, byte[] prefix) throws IOException, Refusal {
        List<Item> items = new ArrayList<>();
        try {
            CanonicalTreeParser p = new CanonicalTreeParser(null, reader, tree);
            for (; !p.eof(); p.next()) {
                byte[] name = Arrays.copyOfRange(p.getEntryPathBuffer(), 0, p.getEntryPathLength());
                items.add(new Item(name, p.getEntryRawMode(), p.getEntryObjectId()));
            }
        } catch (MissingObjectException e) {
            String where = prefix.length == 0 ? "the root tree" : RawParseUtils.decode(prefix);
            throw Refusal.missing("tree " + tree.name() + " (" + where + ") is in no local object database");
        }
        return items;
    }

    private static byte[] attributesFile(ObjectReader reader, List<Item> items, byte[] prefix)
            throws IOException, Refusal {
        for (Item it : items) {
            if ((it.mode() & FileMode.TYPE_MASK) == FileMode.TYPE_FILE && Arrays.equals(it.name(), ATTRIBUTES)) {
                byte[] path = concat(prefix, it.name(), null);
                try {
                    return open(reader, it.id(), path).getCachedBytes(1 << 20);
                } catch (LargeObjectException e) {
                    throw Refusal.conversion(RawParseUtils.decode(path), "an attributes file over 1 MiB is not read");
                }
            }
        }
        return null;
    }

    private static ObjectLoader open(ObjectReader reader, ObjectId id, byte[] path) throws IOException, Refusal {
        try {
            return reader.open(id, Constants.OBJ_BLOB);
        } catch (MissingObjectException e) {
            throw Refusal.missing(
                    "blob " + id.name() + " (" + RawParseUtils.decode(path) + ") is in no local object database");
        }
    }

    private static byte[] concat(byte[] a, byte[] b, Byte tail) {
        byte[] out = Arrays.copyOf(a, a.length + b.length + (tail == null ? 0 : 1));
        System.arraycopy(b, 0, out, a.length, b.length);
        if (tail != null) {
            out[out.length - 1] = tail;
        }
        return out;
    }

    /**
     * What the walker reports, entry by entry, below the root tree. Paths are the raw bytes from the trees
     * ({@code a/b}, no trailing slash); {@code name} is the last segment.
     */
    interface Visitor {
        /** A directory (a tree, or a gitlink shown as a directory) is entered; {@code id} is its tree or commit. */
        void directory(byte[] path, byte[] name, ObjectId id) throws IOException;

        /** The directory last entered is complete. */
        void endDirectory() throws IOException;

        /** A regular file, its blob ready to stream. */
        void file(byte[] path, byte[] name, boolean executable, ObjectId id, ObjectLoader blob) throws IOException;

        /** A symbolic link and its target. */
        void symlink(byte[] path, byte[] name, ObjectId id, byte[] target) throws IOException;
    }
}
