package io.patchpin.structure;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Classes of one package that need each other, read from the compiled classes (a nested class counts as its
 * outer one). A part two classes share gets a class of its own or is passed in; the cycles listed here are the
 * ones kept by design, so a new one fails, and one taken apart is struck from the list.
 */
class ClassCycleTest {
    private static final Pattern OURS = Pattern.compile("io/patchpin/([A-Za-z0-9_]+)/([A-Za-z0-9_]+)");

    private static final Set<String> BY_DESIGN = Set.of(
            // the demo and completion commands run the command line that lists them
            "cli: CompletionCommand, DemoCommand, Main, PatchpinCommand",
            // EntryKind.of dispatches to its permitted kinds; the base replay checks entries through them
            "kind: BaseReplay, EntryCheckers, EntryKind, PatchKind, TextKind",
            // sealed hierarchies: the interface permits the records that implement it
            "patchset: Entry, InsertEntry, PatchEntry, RewriteEntry, TextEntry",
            "patchset: PatchSeal, Seal, TextSeal",
            // a file source can name the snapshot it reads, whose files are such a source
            "workspace: FileSource, RevisionFileSource, Snapshot");

    @Test
    void classesOfAPackageNeedEachOtherOnlyWhereListed() {
        assertThat(cycles(uses(Path.of("target/classes")))).containsExactlyInAnyOrderElementsOf(BY_DESIGN);
    }

    /** Per class ("pkg.Class"), the other classes of its package it names. */
    private static Map<String, Set<String>> uses(Path root) {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                PackageGraph.ClassRefs refs = PackageGraph.ClassRefs.read(Files.readAllBytes(f));
                Matcher own = OURS.matcher(refs.name());
                if (!own.lookingAt()) {
                    continue;
                }
                String from = own.group(1) + "." + own.group(2);
                Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
                for (String text : refs.texts()) {
                    Matcher m = OURS.matcher(text);
                    while (m.find()) {
                        if (m.group(1).equals(own.group(1))) {
                            to.add(m.group(1) + "." + m.group(2));
                        }
                    }
                }
                to.remove(from);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return uses;
    }

    /** The strongly connected groups of more than one class, as "pkg: A, B, C" (Tarjan). */
    private static List<String> cycles(Map<String, Set<String>> uses) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<String> out = new ArrayList<>();
        for (String v : uses.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, uses, index, low, stack, out);
            }
        }
        return out;
    }

    private static void connect(
            String v,
            Map<String, Set<String>> uses,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            List<String> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : uses.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, uses, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> group = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                group.add(w.substring(w.indexOf('.') + 1));
            } while (!w.equals(v));
            if (group.size() > 1) {
                out.add(v.substring(0, v.indexOf('.')) + ": " + String.join(", ", group));
            }
        }
    }
}
