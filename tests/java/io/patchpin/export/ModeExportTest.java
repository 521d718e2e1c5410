package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect: file modes were lost in every export (an executable new file went out as 100644, a mode-only entry as
 * an empty patch). Each format is applied here by the tool its distro uses, on a fresh clone, and must give the
 * tree {@code patchpin apply} gives, executable bits included.
 */
class ModeExportTest {
    static final String NEW_TOOL = "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
            + "From: =?UTF-8?q?Jos=C3=A9=20Mar=C3=ADa?= <jose@example.org>\n"
            + "Date: Thu, 9 Oct 2025 23:49:19 -0400\nSubject: [PATCH] Add the gfx1103 probe\n\nIt prints the target.\n\n"
            + "Signed-off-by: Jose <jose@example.org>\n---\n"
            + "diff --git a/tools/probe.sh b/tools/probe.sh\nnew file mode 100755\nindex 0000000..1111111\n"
            + "--- /dev/null\n+++ b/tools/probe.sh\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+echo gfx1103\n-- \n2.48.1\n\n";
    static final String MODE_ONLY = "diff --git a/build.sh b/build.sh\nold mode 100644\nnew mode 100755\n";

    @TempDir
    static Path tmp;

    static Repo upstream;
    static Path set;
    static Map<String, String> applied;

    @BeforeAll
    static void setUp() throws IOException {
        upstream = Repo.init(tmp.resolve("up"))
                .write("build.sh", "#!/bin/sh\nmake\n")
                .write("src/a.c", "int a = 1;\n")
                .write("run.sh", "#!/bin/sh\n./build.sh\n");
        Files.setPosixFilePermissions(upstream.dir().resolve("run.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        upstream.commit("base");
        Git.run(
                tmp,
                "clone",
                "-q",
                upstream.dir().toString(),
                tmp.resolve("pristine").toString());
        Repo work = clone("work");
        set = tmp.resolve("patchsets/modes");
        ok("new", set, "--repo", work.dir());
        Files.writeString(tmp.resolve("probe.patch"), NEW_TOOL, StandardCharsets.UTF_8);
        Files.writeString(tmp.resolve("mode.patch"), MODE_ONLY, StandardCharsets.UTF_8);
        Entries.add("patch", set, work.dir(), "--component", ".", tmp.resolve("probe.patch"));
        Entries.add(
                "patch",
                set,
                work.dir(),
                "--component",
                ".",
                tmp.resolve("mode.patch"),
                "--id",
                "build-executable",
                "--why",
                "The build script is run directly");
        Entries.rewrite(
                set,
                work.dir(),
                "run.sh",
                "./build.sh",
                "./build.sh -j4",
                "--id",
                "jobs",
                "--upstream-status",
                "submitted",
                "--upstream-url",
                "https://github.com/ROCm/TheRock/pull/1");
        Repo ref = clone("ref");
        ok("apply", set, "--repo", ref.dir());
        applied = tree(ref.dir());
        assertThat(applied)
                .containsEntry("tools/probe.sh", "755")
                .containsEntry("build.sh", "755")
                .containsEntry("run.sh", "755");
    }

    /** A fresh clone of the upstream at {@code tmp/name}: a copy of the one clone made, without a clone's git runs. */
    static Repo clone(String name) {
        Folders.copyCheckout(tmp.resolve("pristine"), tmp.resolve(name));
        return Repo.at(tmp.resolve(name));
    }

    static Path export(String format) {
        Path out = tmp.resolve("out-" + format);
        ok("export", set, "--repo", tmp.resolve("work"), "--format", format, "-o", out);
        return out;
    }

    /** Every file but git's and quilt's own: its content and its mode, one map keyed by path and path + " mode". */
    static Map<String, String> tree(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (rel.startsWith(".git/")
                        || rel.equals(".git")
                        || rel.startsWith(".pc/")
                        || rel.startsWith("debian/")) {
                    continue;
                }
                out.put(rel, Files.isExecutable(p) ? "755" : "644");
                out.put(rel + " content", Files.readString(p, StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }

    static List<Path> patches(Path out, String folder) throws IOException {
        try (Stream<Path> s = Files.list(out.resolve(folder))) {
            return s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
    }

    @Test
    void therockMailsThroughGitAmKeepModesDatesAndGiveTheSameIdsTwice() throws IOException {
        Path out = export("therock");
        List<Path> mails = patches(out, "TheRock");
        assertThat(Files.readString(mails.get(0))).isEqualTo(NEW_TOOL);
        assertThat(Files.readString(mails.get(1)))
                .contains("\nDate: ")
                .contains("\nold mode 100644\nnew mode 100755\n");
        List<String> heads = new ArrayList<>();
        for (String n : List.of("am1", "am2")) {
            Repo t = clone(n);
            List<String> cmd = new ArrayList<>(
                    List.of("-c", "user.name=therockbot", "-c", "user.email=therockbot@amd.com", "am", "-q"));
            mails.forEach(m -> cmd.add(m.toString()));
            t.git(cmd.toArray(String[]::new));
            assertThat(tree(t.dir())).isEqualTo(applied);
            heads.add(t.git("log", "--format=%an %ad", "-3"));
        }
        assertThat(heads.get(0)).isEqualTo(heads.get(1)).contains("José María");
    }

    /** Defect: entry ids and upstream state did not survive a therock round trip; the files came back renamed. */
    @Test
    void idsUpstreamAndBytesSurviveATheRockRoundTrip() throws IOException {
        Path out = export("therock");
        Path back = tmp.resolve("patchsets/back");
        ok("new", back, "--repo", tmp.resolve("work"));
        ok("import", back, "--repo", tmp.resolve("work"), "--from", out);
        List<Entry> was = PatchsetStore.read(set).entries();
        List<Entry> now = PatchsetStore.read(back).entries();
        assertThat(now)
                .extracting(Entry::id)
                .isEqualTo(was.stream().map(Entry::id).toList());
        assertThat(now)
                .extracting(Entry::upstream)
                .isEqualTo(was.stream().map(Entry::upstream).toList());
        Path again = tmp.resolve("out-again");
        ok("export", back, "--repo", tmp.resolve("work"), "--format", "therock", "-o", again);
        for (Path p : patches(out, "TheRock")) {
            assertThat(again.resolve("TheRock").resolve(p.getFileName())).hasSameBinaryContentAs(p);
        }
    }

    @Test
    void quiltAndDebianSeriesPushedByQuilt() throws IOException {
        assumeTrue(Tool.onPath("quilt"), "quilt is not installed");
        for (String[] f : List.of(new String[] {"quilt", "TheRock"}, new String[] {"debian", ""})) {
            Path out = export(f[0]);
            Repo t = clone("q-" + f[0]);
            Tool.run(
                    t.dir(),
                    Map.of("QUILT_PATCHES", out.resolve(f[1]).toAbsolutePath().toString()),
                    "quilt",
                    "push",
                    "-a",
                    "-q",
                    "--fuzz=0");
            assertThat(tree(t.dir())).as(f[0]).isEqualTo(applied);
        }
    }

    @Test
    void patchInListOrderForRpmGentooYoctoNix() throws IOException {
        assumeTrue(Tool.onPath("patch"), "patch is not installed");
        for (String[] f : List.of(
                new String[] {"rpm", ""}, new String[] {"gentoo", "files"}, new String[] {"yocto", ""}, new String[] {
                    "nix", ""
                })) {
            Path out = export(f[0]);
            Repo t = clone("p-" + f[0]);
            Tool.patchAll(t.dir(), patches(out, f[1]));
            if (f[0].equals("nix")) {
                String nix = Files.readString(out.resolve("default.nix"));
                Path script = tmp.resolve("postPatch.sh");
                Files.writeString(script, NixFragment.SUBSTITUTE_IN_PLACE + "set -e\n" + NixFragment.postPatch(nix));
                Tool.run(t.dir(), Map.of(), "bash", script.toString());
            }
            assertThat(tree(t.dir())).as(f[0]).isEqualTo(applied);
        }
    }

    @Test
    void westThroughGitApply() throws IOException {
        Path out = export("west");
        Repo t = clone("west");
        for (Path p : patches(out, "")) {
            t.git("apply", p.toAbsolutePath().toString());
        }
        assertThat(tree(t.dir())).isEqualTo(applied);
    }

    @Test
    void debianPackageBuiltAndExtractedByDpkgSource() throws IOException {
        assumeTrue(Tool.onPath("dpkg-source") && Tool.onPath("patch"), "dpkg-source is not installed");
        Path out = export("debian");
        Path pkg = tmp.resolve("deb/probe-1.0");
        Files.createDirectories(tmp.resolve("deb"));
        Git.run(
                upstream.dir(),
                "archive",
                "--prefix=probe-1.0/",
                "-o",
                tmp.resolve("deb/probe_1.0.orig.tar.gz").toString(),
                "HEAD");
        Tool.run(tmp.resolve("deb"), Map.of(), "tar", "-xzf", "probe_1.0.orig.tar.gz");
        Files.createDirectories(pkg.resolve("debian/source"));
        Files.writeString(pkg.resolve("debian/source/format"), "3.0 (quilt)\n");
        Files.writeString(
                pkg.resolve("debian/control"),
                "Source: probe\nMaintainer: A <a@example.org>\n\n"
                        + "Package: probe\nArchitecture: all\nDescription: probe\n probe\n");
        Files.writeString(
                pkg.resolve("debian/changelog"),
                "probe (1.0-1) unstable; urgency=medium\n\n  * test\n\n"
                        + " -- A <a@example.org>  Thu, 01 Jan 2026 00:00:00 +0000\n");
        Folders.copy(out, pkg.resolve("debian/patches"));
        Tool.run(tmp.resolve("deb"), Map.of(), "dpkg-source", "--no-check", "-b", "probe-1.0");
        Tool.run(tmp.resolve("deb"), Map.of(), "dpkg-source", "--no-check", "-x", "probe_1.0-1.dsc", "x");
        assertThat(tree(tmp.resolve("deb/x"))).isEqualTo(applied);
    }

    @Test
    void rpmbuildPreparesTheSourcesWithAutosetup() throws IOException {
        assumeTrue(Tool.onPath("rpmbuild") && Tool.onPath("patch"), "rpmbuild is not installed");
        Path out = export("rpm");
        Path top = tmp.resolve("rpm");
        Files.createDirectories(top.resolve("SOURCES"));
        Folders.copy(out, top.resolve("SOURCES"));
        Git.run(
                upstream.dir(),
                "archive",
                "--prefix=probe-1.0/",
                "-o",
                top.resolve("SOURCES/probe-1.0.tar.gz").toString(),
                "HEAD");
        String spec = "Name: probe\nVersion: 1.0\nRelease: 1\nSummary: probe\nLicense: MIT\nSource0: probe-1.0.tar.gz\n"
                + Files.readString(out.resolve("patches.spec.inc"))
                + "\n%description\nprobe\n\n%prep\n%autosetup -p1\n";
        Files.writeString(top.resolve("probe.spec"), spec);
        Tool.run(
                top,
                Map.of(),
                "rpmbuild",
                "--define",
                "_topdir " + top.toAbsolutePath(),
                "--nodeps",
                "-bp",
                "probe.spec");
        assertThat(tree(top.resolve("BUILD/probe-1.0"))).isEqualTo(applied);
    }
}
