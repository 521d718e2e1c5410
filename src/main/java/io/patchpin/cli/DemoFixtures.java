package io.patchpin.cli;

import io.patchpin.demo.ExampleWorkspace;

/** The demo's upstream history and LLVM patch, for the tutorial's test. */
public final class DemoFixtures {
    private DemoFixtures() {}

    public static void moveUpstream(ExampleWorkspace ex) {
        DemoStory.moveUpstream(ex);
    }

    public static String llvmJobsPatch() {
        return DemoStory.llvmJobsPatch();
    }
}
