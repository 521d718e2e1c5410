package io.patchpin.archive;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.internal.storage.file.ObjectDirectory;
import org.eclipse.jgit.internal.storage.file.Pack;
import org.eclipse.jgit.internal.storage.file.PackIndex;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.MutableObjectId;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectIdOwnerMap;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;

/**
 * The blobs of one tree read in pack order, each delta resolved once from a
 * base held in memory, handed out in whatever order the walk asks for them.
 *
 * <p>Why: reading 100,000 blobs one by one through the object reader searches
 * the pack index, inflates and walks a delta chain per blob, while
 * {@code git repack} writes a tree's blobs in the order a walk of the newest
 * commit meets them, each a delta of the one before. Read in that order, every
 * object is inflated once and every delta applied once.
 *
 * <p>Only the pack holding most of the tree's blobs is read so; a blob
 * elsewhere (another pack, a loose object, an alternate), a large one, one
 * whose base was dropped or lies later in the pack, or one asked for again is
 * {@code null} here and read by the caller's object reader. Memory is bounded:
 * at most {@link #BUDGET} bytes of blobs and bases are held, the earliest in
 * the pack dropped first.
 */
final class PackedBlobs implements AutoCloseable {
    /** Bytes of blobs and delta bases held at most (the launcher's default heap is 256 MiB). */
    static final long BUDGET = 32L << 20;
    /** Objects larger than this are left to the object reader, which streams them. */
    static final long LARGE = 4L << 20;

    private static final byte[] ATTRIBUTES = Constants.encodeASCII(Constants.DOT_GIT_ATTRIBUTES);

    /** One object of the pack that the tree needs: a blob, or a base of one. */
    private static final class Node {
        final long offset;
        PackFile.Header header;
        Node base;
        /** Requests still expected: how often the tree names this blob (0 for a base only). */
        int requests;
        /** Deltas still to be resolved from this object. */
        int children;
        /** The resolved type: a blob, or whatever the chain's root is. */
        int type;

        byte[] data;
        boolean processed;
        /** Cannot be read here (its chain leaves the pack, or is too large). */
        boolean unusable;

        Node(long offset) {
            this.offset = offset;
        }
    }

    /** A blob the tree names, how often, and its place in the pack (null when not in it). */
    private static final class Wanted extends ObjectIdOwnerMap.Entry {
        int times;
        Node node;

        Wanted(AnyObjectId id) {
            super(id);
        }
    }

    private final PackFile pack;
    private final List<Node> order;
    private final ObjectIdOwnerMap<Wanted> byId;
    private final TreeMap<Long, Node> held = new TreeMap<>();
    private long heldBytes;
    private int cursor;

    private PackedBlobs(PackFile pack, List<Node> order, ObjectIdOwnerMap<Wanted> byId) {
        this.pack = pack;
        this.order = order;
        this.byId = byId;
    }

    /**
     * Prepares to read the blobs of {@code tree} (not below its gitlinks);
     * reads only headers until a blob is asked for. Nothing to read in pack
     * order (no packs, not a file repository) gives an instance that answers null.
     */
    static PackedBlobs of(Repository repo, ObjectReader reader, ObjectId tree) {
        if (!(repo.getObjectDatabase() instanceof ObjectDirectory dir)) {
            return none();
        }
        try {
            return inPack(dir, reader, tree);
        } catch (IOException | RuntimeException e) {
            // a pack this class cannot read (or that went away) is still the object reader's to read or report
            return none();
        }
    }

    private static PackedBlobs inPack(ObjectDirectory dir, ObjectReader reader, ObjectId tree) throws IOException {
        ObjectIdOwnerMap<Wanted> wanted = blobsOf(reader, tree);
        Pack best = null;
        int bestCount = 0;
        Collection<Pack> packs = dir.getPacks();
        for (Pack p : packs) {
            if (packs.size() == 1) {
                best = p;
                break;
            }
            PackIndex idx = p.getIndex();
            int n = 0;
            for (Wanted w : wanted) {
                n += idx.hasObject(w) ? 1 : 0;
            }
            if (n > bestCount) {
                best = p;
                bestCount = n;
            }
        }
        if (best == null) {
            return none();
        }
        return link(new PackFile(best.getPackFile().toPath()), best.getIndex(), wanted);
    }

    /** Nothing read in pack order: every blob is the object reader's. */
    static PackedBlobs none() {
        return new PackedBlobs(null, List.of(), new ObjectIdOwnerMap<>());
    }

    /** The nodes of {@code wanted}'s blobs in {@code index}'s pack and of all their bases, in pack order. */
    private static PackedBlobs link(PackFile pack, PackIndex index, ObjectIdOwnerMap<Wanted> wanted)
            throws IOException {
        List<Node> blobs = new ArrayList<>();
        for (Wanted w : wanted) {
            long offset = index.findOffset(w);
            if (offset >= 0) {
                w.node = new Node(offset);
                w.node.requests = w.times;
                blobs.add(w.node);
            }
        }
        Node[] sorted = byOffset(blobs);
        long[] offsets = new long[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            offsets[i] = sorted[i].offset;
        }
        // bases that are no blob of the tree (older versions, in a pack with history); usually none
        Map<Long, Node> others = new HashMap<>();
        ArrayDeque<Node> todo = new ArrayDeque<>(blobs);
        while (!todo.isEmpty()) {
            Node n = todo.poll();
            n.header = pack.header(n.offset);
            if (!n.header.isDelta()) {
                n.unusable = n.header.size() > LARGE;
                continue;
            }
            long baseOffset = n.header.baseId() == null ? n.header.baseOffset() : index.findOffset(n.header.baseId());
            if (baseOffset < 0 || baseOffset >= n.offset) {
                // a base outside this pack, or after the delta: pack order cannot resolve it
                n.unusable = true;
                continue;
            }
            int i = Arrays.binarySearch(offsets, baseOffset);
            if (i >= 0) {
                n.base = sorted[i];
            } else {
                n.base = others.get(baseOffset);
                if (n.base == null) {
                    n.base = new Node(baseOffset);
                    others.put(baseOffset, n.base);
                    todo.add(n.base);
                }
            }
            n.base.children++;
        }
        if (!others.isEmpty()) {
            blobs.addAll(others.values());
            sorted = byOffset(blobs);
        }
        return new PackedBlobs(pack, Arrays.asList(sorted), wanted);
    }

    /** {@code nodes} sorted by offset; a sort of primitives (offset and index in one long), not of objects. */
    private static Node[] byOffset(List<Node> nodes) throws IOException {
        if (nodes.size() >= 1 << 24 || nodes.stream().anyMatch(n -> n.offset >= 1L << 39)) {
            throw new IOException("over 16 million objects, or a pack over 512 GiB: left to the object reader");
        }
        long[] keys = new long[nodes.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (nodes.get(i).offset << 24) | i;
        }
        Arrays.sort(keys);
        Node[] out = new Node[keys.length];
        for (int i = 0; i < keys.length; i++) {
            out[i] = nodes.get((int) (keys[i] & 0xffffff));
        }
        return out;
    }

    /** Every blob (files and links) of {@code tree} and below, with how many times it is named. */
    private static ObjectIdOwnerMap<Wanted> blobsOf(ObjectReader reader, ObjectId tree) throws IOException {
        ObjectIdOwnerMap<Wanted> out = new ObjectIdOwnerMap<>();
        ArrayDeque<ObjectId> trees = new ArrayDeque<>();
        trees.add(tree);
        CanonicalTreeParser p = new CanonicalTreeParser();
        MutableObjectId id = new MutableObjectId();
        while (!trees.isEmpty()) {
            try {
                p.reset(reader, trees.poll());
            } catch (MissingObjectException e) {
                continue; // the walk itself reports it
            }
            for (; !p.eof(); p.next()) {
                int type = p.getEntryRawMode() & FileMode.TYPE_MASK;
                if (type == FileMode.TYPE_TREE) {
                    trees.add(p.getEntryObjectId());
                } else if (type == FileMode.TYPE_FILE || type == FileMode.TYPE_SYMLINK) {
                    p.getEntryObjectId(id);
                    Wanted w = out.get(id);
                    if (w == null) {
                        w = new Wanted(id);
                        out.add(w);
                    }
                    // the walk reads a .gitattributes file twice: for its rules, then as a file
                    w.times += type == FileMode.TYPE_FILE && isAttributes(p) ? 2 : 1;
                }
            }
        }
        return out;
    }

    private static boolean isAttributes(CanonicalTreeParser p) {
        int at = p.getNameOffset();
        return p.getNameLength() == ATTRIBUTES.length
                && Arrays.equals(p.getEntryPathBuffer(), at, at + ATTRIBUTES.length, ATTRIBUTES, 0, ATTRIBUTES.length);
    }

    /** The bytes of blob {@code id}, or null: then the caller reads it through its object reader. */
    byte[] take(ObjectId id) {
        Wanted w = byId.get(id);
        Node n = w == null ? null : w.node;
        if (n == null) {
            return null;
        }
        try {
            while (!n.processed) {
                process(order.get(cursor++));
            }
        } catch (IOException | IndexOutOfBoundsException e) {
            // a pack this class misreads, or a corrupt one: from here on the object reader reads (or reports) it all
            byId.clear();
            held.clear();
            heldBytes = 0;
            return null;
        }
        byte[] data = n.type == Constants.OBJ_BLOB ? n.data : null;
        n.requests--;
        release(n);
        return data;
    }

    private void process(Node n) throws IOException {
        n.processed = true;
        Node base = n.base;
        if (!n.unusable && (base == null || base.data != null)) {
            if (base == null) {
                n.type = n.header.type();
                n.data = pack.inflate(n.header.dataOffset(), n.header.size());
            } else {
                byte[] delta = pack.inflate(n.header.dataOffset(), n.header.size());
                if (Delta.resultSize(delta) <= LARGE) {
                    n.type = base.type;
                    n.data = Delta.apply(base.data, delta);
                }
            }
        }
        if (base != null) {
            base.children--;
            release(base);
        }
        if (n.data != null) {
            hold(n);
        }
    }

    private void hold(Node n) {
        if (n.requests <= 0 && n.children <= 0) {
            n.data = null;
            return;
        }
        held.put(n.offset, n);
        heldBytes += n.data.length;
        while (heldBytes > BUDGET) {
            drop(held.firstEntry().getValue());
        }
    }

    private void release(Node n) {
        if (n.data != null && n.requests <= 0 && n.children <= 0) {
            drop(n);
        }
    }

    private void drop(Node n) {
        held.remove(n.offset);
        heldBytes -= n.data.length;
        n.data = null;
    }

    @Override
    public void close() {
        if (pack != null) {
            pack.close();
        }
    }
}
