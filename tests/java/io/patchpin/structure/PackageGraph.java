package io.patchpin.structure;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which of our top-level packages ({@code io.patchpin.X}) each package's classes use, read from the constant
 * pools of compiled classes: every class name, descriptor and generic signature names the types a class
 * refers to; string literals are left out. Reading the pools alone (no class loading, no library classes)
 * costs a fraction of a second for the whole of target/classes.
 */
record PackageGraph(Map<String, Set<String>> uses) {
    private static final Pattern OURS = Pattern.compile("io/patchpin/([A-Za-z0-9_]+)/");

    /** The graph of every {@code .class} file under {@code root}. */
    static PackageGraph read(Path root) {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                add(uses, Files.readAllBytes(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PackageGraph(uses);
    }

    /** The graph of the given class files' bytes. */
    static PackageGraph of(List<byte[]> classFiles) {
        Map<String, Set<String>> uses = new TreeMap<>();
        classFiles.forEach(b -> add(uses, b));
        return new PackageGraph(uses);
    }

    private static void add(Map<String, Set<String>> uses, byte[] classFile) {
        ClassRefs refs = ClassRefs.read(classFile);
        Matcher own = OURS.matcher(refs.name());
        if (!own.lookingAt()) {
            return;
        }
        Set<String> to = uses.computeIfAbsent(own.group(1), k -> new TreeSet<>());
        for (String text : refs.texts()) {
            Matcher m = OURS.matcher(text);
            while (m.find()) {
                to.add(m.group(1));
            }
        }
        to.remove(own.group(1));
    }

    /** The packages of one cycle, first package repeated at the end, if the graph has one. */
    Optional<List<String>> cycle() {
        Set<String> done = new TreeSet<>();
        for (String start : uses.keySet()) {
            List<String> path = new ArrayList<>();
            Optional<List<String>> found = walk(start, path, done);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private Optional<List<String>> walk(String at, List<String> path, Set<String> done) {
        int i = path.indexOf(at);
        if (i >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(i, path.size()));
            cycle.add(at);
            return Optional.of(cycle);
        }
        if (done.contains(at)) {
            return Optional.empty();
        }
        path.add(at);
        for (String next : uses.getOrDefault(at, Set.of())) {
            Optional<List<String>> found = walk(next, path, done);
            if (found.isPresent()) {
                return found;
            }
        }
        path.remove(path.size() - 1);
        done.add(at);
        return Optional.empty();
    }

    /** A class's own name and the constant-pool texts that name types (all UTF-8 entries but string literals). */
    record ClassRefs(String name, List<String> texts) {
        static ClassRefs read(byte[] classFile) {
            try {
                DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
                if (in.readInt() != 0xCAFEBABE) {
                    throw new IllegalArgumentException("not a class file");
                }
                in.readUnsignedShort();
                in.readUnsignedShort();
                int count = in.readUnsignedShort();
                String[] utf8 = new String[count];
                int[] classNames = new int[count];
                BitSet literals = new BitSet(count);
                for (int i = 1; i < count; i++) {
                    int tag = in.readUnsignedByte();
                    switch (tag) {
                        case 1 -> utf8[i] = in.readUTF();
                        case 7 -> classNames[i] = in.readUnsignedShort();
                        case 8 -> literals.set(in.readUnsignedShort());
                        case 16, 19, 20 -> in.readUnsignedShort();
                        case 15 -> in.skipNBytes(3);
                        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                        case 5, 6 -> {
                            in.readLong();
                            i++;
                        }
                        default -> throw new IllegalArgumentException("unknown constant pool tag " + tag);
                    }
                }
                in.readUnsignedShort();
                String name = utf8[classNames[in.readUnsignedShort()]];
                List<String> texts = new ArrayList<>();
                for (int i = 1; i < count; i++) {
                    if (utf8[i] != null && !literals.get(i)) {
                        texts.add(utf8[i]);
                    }
                }
                return new ClassRefs(name, texts);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
