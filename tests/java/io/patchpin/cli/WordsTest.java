package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The words users read: hints that use what patchpin knows, and no doubled prefixes. */
class WordsTest {
    @TempDir
    Path tmp;

    @Test
    void importSedHintsNameTheComponentAndFileItKnows() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path script = tmp.resolve("notes.sh");
        Files.writeString(
                script,
                "cd TheRock\nsed -i \"s/$X/y/\" ./" + LLVM + "/llvm/cmake/modules/HandleLLVMOptions.cmake\n"
                        + "sed -i '5d' ./ml-libs/CMakeLists.txt\n",
                StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("import-sed", tmp.resolve("patchsets/mine"), "--repo", bare, "--script", script);

        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.err())
                .contains("try: patchpin add rewrite DIR --component " + LLVM
                        + " --file llvm/cmake/modules/HandleLLVMOptions.cmake --find")
                .contains("--component . --file ml-libs/CMakeLists.txt")
                .doesNotContain("split into component and file");
    }

    @Test
    void rebaseOfAnEntryStillUnsealedSaysSoOnce() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", bare);
        Entries.llvmJobs(set, bare);

        Cli.Run r = Cli.run("rebase", set, "--repo", bare, "--onto", "HEAD");

        assertThat(r.out())
                .contains("still unsealed: commit")
                .doesNotContain("unsealed: unsealed:")
                .doesNotContain("still unsealed: unsealed");
    }

    @Test
    void anEntryTheRebaseSealsIsNotCalledUnsealed() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path work = fx.cloneWorkTree("work").dir();
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", bare);
        Entries.llvmJobs(set, bare);

        Cli.Run r = Cli.ok("rebase", set, "--repo", work, "--onto", "HEAD");
        assertThat(r.out()).contains("-> sealed: ").doesNotContain("unsealed:");
        assertThat(Cli.run("verify", set, "--repo", work).out()).doesNotContain("unsealed");
    }

    @Test
    void anImportedEntryIsExportedUnderWhatItDoesWithItsProvenanceInTheBody() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path work = fx.cloneWorkTree("work").dir();
        Path script = tmp.resolve("build-sed.sh");
        Files.writeString(
                script,
                "cd TheRock\n\nsed -i 's/AMDGPU;X86/AMDGPU;X86;NVPTX/' ./compiler/pre_hook_amd-llvm.cmake\n",
                StandardCharsets.UTF_8);
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("import-sed", set, "--repo", work, "--script", script);

        Cli.ok("export", set, "--repo", work, "--format", "therock", "-o", tmp.resolve("out"));
        Path mail;
        try (var files = Files.walk(tmp.resolve("out"))) {
            mail = files.filter(f -> f.toString().endsWith(".patch"))
                    .findFirst()
                    .orElseThrow();
        }
        assertThat(mail.getFileName().toString()).doesNotContain("imported");
        assertThat(Files.readString(mail, StandardCharsets.UTF_8))
                .contains("Subject: [PATCH] Replace 'AMDGPU;X86' with 'AMDGPU;X86;NVPTX' in pre_hook_amd-llvm.cmake\n\n"
                        + "imported from build-sed.sh:3: sed -i 's/AMDGPU;X86/AMDGPU;X86;NVPTX/' "
                        + "./compiler/pre_hook_amd-llvm.cmake\n");
    }

    @Test
    void everyVerbIsListedInHelpWithAWholeSentence() {
        Cli.Run r = Cli.run("--help");
        List<String> cut = new ArrayList<>();
        String verb = null;
        StringBuilder line = new StringBuilder();
        for (String l : (r.out() + "\n").split("\n")) {
            boolean next = l.matches("  [a-z][a-z-]+ +\\S.*") || !l.startsWith("   ");
            if (next && verb != null) {
                if (!line.toString().strip().matches(".*[.)]$")) {
                    cut.add(verb + ": " + line.toString().strip());
                }
                verb = null;
            }
            if (l.matches("  [a-z][a-z-]+ +\\S.*")) {
                verb = l.strip().split(" +", 2)[0];
                line = new StringBuilder(l.strip().split(" +", 2)[1]);
            } else if (verb != null) {
                line.append(' ').append(l.strip());
            }
        }
        assertThat(r.out()).contains("  export ");
        assertThat(cut).as("verbs whose line in --help stops mid-sentence").isEmpty();
    }

    @Test
    void everyReportingVerbSaysTheFormatsItPrints() {
        Map<String, String> formats = new TreeMap<>(Map.of(
                "apply",
                "text, json or junit",
                "audit",
                "text or json",
                "bisect",
                "text or json",
                "history",
                "text, json or html",
                "lock check",
                "text or json",
                "lock diff",
                "text, json or markdown",
                "rebase",
                "text or json",
                "verify",
                "text, json, junit, github"));
        formats.forEach((verb, words) -> {
            List<String> args = new ArrayList<>(List.of(verb.split(" ")));
            args.add("--help");
            assertThat(Cli.run(args.toArray(String[]::new)).out())
                    .as(verb)
                    .contains("Report format: " + words)
                    .doesNotContain("Report format (default: text).");
        });
    }
}
