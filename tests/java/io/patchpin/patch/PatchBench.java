package io.patchpin.patch;

import io.patchpin.author.AddPatch;
import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * Benchmark driver (not a test), run by tests/bench/patch-check.sh:
 * {@code setup ROOT} builds a TheRock-shaped workspace with a 50-patch set and a newer revision;
 * {@code verify REPO SET REV} checks every entry of the set at REV (what the Verifier will do);
 * {@code cases DIR N} writes N (patch, target) cases; {@code check-cases DIR} checks them in this JVM.
 */
public final class PatchBench {
    private PatchBench() {}

    public static void main(String[] args) throws IOException {
        switch (args[0]) {
            case "setup" -> setup(Path.of(args[1]));
            case "verify" -> verify(Path.of(args[1]), Path.of(args[2]), args[3]);
            case "cases" -> cases(Path.of(args[1]), Integer.parseInt(args[2]));
            case "check-cases" -> checkCases(Path.of(args[1]));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static final String[] COMPONENTS = {
        TheRockFixture.LLVM, TheRockFixture.SYSTEMS, TheRockFixture.HALF, TheRockFixture.PERFETTO
    };

    static void setup(Path root) throws IOException {
        TheRockFixture fx = TheRockFixture.create(root);
        Repo work = fx.cloneWorkTree("work");
        Random rnd = new Random(7);
        List<String> real =
                FileLines.split(Files.readString(Path.of("src/main/java/io/patchpin/patchset/PatchsetStore.java")));
        for (String c : COMPONENTS) {
            Repo r = Repo.at(work.dir().resolve(c));
            for (int f = 0; f < 13; f++) {
                StringBuilder b = new StringBuilder();
                for (int l = 0; l < 400; l++) {
                    b.append(real.get((f * 37 + l) % real.size()).replace("\n", ""))
                            .append(" // ")
                            .append(l)
                            .append('\n');
                }
                r.write("src/file" + f + ".cpp", b.toString());
            }
            r.commit("sources");
        }
        commitGitlinks(work);
        Path set = work.dir().resolve("patchsets/bench");
        Files.createDirectories(set);
        PatchsetStore.write(set, Patchset.empty("bench", Optional.of(work.head())), false);
        List<NewPatch> patches = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String c = COMPONENTS[i % COMPONENTS.length];
            String file = "src/file" + (i / COMPONENTS.length) + ".cpp";
            byte[] before = Files.readAllBytes(work.dir().resolve(c).resolve(file));
            List<String> lines = new ArrayList<>(FileLines.split(new String(before, StandardCharsets.ISO_8859_1)));
            for (int e = 0; e < 3; e++) {
                lines.set(20 + rnd.nextInt(lines.size() - 40), "// local change " + i + "." + e + "\n");
            }
            ByteArrayOutputStream d = new ByteArrayOutputStream();
            DiffWriter.write(
                    d,
                    file,
                    Optional.of(before),
                    Optional.of(String.join("", lines).getBytes(StandardCharsets.ISO_8859_1)),
                    false,
                    false);
            patches.add(new NewPatch(
                    "p" + i + ".patch", d.toByteArray(), c, Optional.of("p" + i), "", Optional.of(1), "", List.of()));
        }
        try (Workspace ws = Workspace.open(work.dir(), null)) {
            AddPatch.run(
                    ws, new AddPatch.Request(set, patches, PatchsetStore.read(set), p -> Upstream.NONE), ws.settings());
        }
        for (String c : COMPONENTS) {
            Repo r = Repo.at(work.dir().resolve(c));
            for (int f = 0; f < 13; f += 2) {
                String p = "src/file" + f + ".cpp";
                r.write(p, "// upstream header\n// more\n" + r.read(p));
            }
            r.commit("upstream moves on");
        }
        commitGitlinks(work);
        System.out.println(work.dir() + " " + set);
    }

    private static void commitGitlinks(Repo work) {
        work.git("-C", TheRockFixture.SYSTEMS, "add", "-A");
        work.git("-C", TheRockFixture.SYSTEMS, "commit", "-q", "--allow-empty", "-m", "bump perfetto");
        work.commit("bump components");
    }

    static void verify(Path repo, Path set, String rev) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        long t0 = System.nanoTime();
        try (Workspace ws = Workspace.open(repo, null)) {
            Patchset ps = PatchsetStore.read(set);
            long t1 = System.nanoTime();
            FileSource src = ws.snapshot(rev).files();
            long t2 = System.nanoTime();
            System.err.printf("open+read set %.3f s, snapshot %.3f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9);
            Map<String, Map<String, FileLookup>> state = new TreeMap<>();
            PatchChecker checker = new PatchChecker();
            for (Entry e : ps.entries()) {
                Map<String, FileLookup> comp = state.computeIfAbsent(e.component(), k -> new TreeMap<>());
                Map<String, FileLookup> files = new TreeMap<>();
                e.files().forEach(f -> files.put(f, comp.computeIfAbsent(f, k -> src.read(e.component(), k))));
                Check c = checker.check((PatchEntry) e, new EntryInput(files, src, ps, set));
                counts.merge(c.verdict().verdict(), 1, Integer::sum);
                c.result()
                        .forEach((f, b) -> comp.put(
                                f,
                                b.<FileLookup>map(x -> new FileLookup.Found(x, null))
                                        .orElse(new FileLookup.FileMissing())));
            }
        }
        System.err.printf("total in main %.3f s%n", (System.nanoTime() - t0) / 1e9);
        System.out.println("verdicts " + counts);
    }

    static void cases(Path dir, int n) throws IOException {
        Random rnd = new Random(42);
        List<String> real =
                FileLines.split(Files.readString(Path.of("src/main/java/io/patchpin/patchset/PatchsetStore.java")));
        for (int i = 0; i < n; i++) {
            DifferentialTest.Generated g = DifferentialTest.Generated.make(rnd, real);
            Path c = dir.resolve(String.format("%04d", i));
            Files.createDirectories(c);
            ByteArrayOutputStream d = new ByteArrayOutputStream();
            DiffWriter.write(d, "f.txt", Optional.of(g.base()), Optional.of(g.patched()), false, false);
            Files.write(c.resolve("p.patch"), d.toByteArray());
            Files.write(c.resolve("f.txt"), g.target());
            Files.write(c.resolve("base"), g.base());
        }
    }

    static void checkCases(Path dir) throws IOException {
        long t0 = System.nanoTime();
        List<Path> cases;
        try (var s = Files.list(dir)) {
            cases = s.sorted().toList();
        }
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        PatchChecker checker = new PatchChecker();
        for (Path c : cases) {
            byte[] patch = Files.readAllBytes(c.resolve("p.patch"));
            MemorySource src = new MemorySource().file("f.txt", Files.readAllBytes(c.resolve("f.txt")));
            PatchEntry e = GoldenPatchTest.entry("p", patch, Optional.of(Files.readAllBytes(c.resolve("base"))), src);
            PatchSeal seal = e.seal().orElseThrow();
            e = new PatchEntry(
                    Entry.Common.of("p", ".", "", List.of()),
                    "p.patch",
                    "",
                    1,
                    e.files(),
                    "",
                    "",
                    0,
                    Optional.of(seal));
            Check r = checker.check(e, GoldenPatchTest.input(src, c));
            counts.merge(r.verdict().verdict(), 1, Integer::sum);
        }
        System.out.printf(
                "checked %d cases in %.3f s in-JVM; verdicts %s%n",
                cases.size(), (System.nanoTime() - t0) / 1e9, counts);
    }
}
