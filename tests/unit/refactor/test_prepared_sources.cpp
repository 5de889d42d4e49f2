// Sources prepared once for every check (#28.6): a view's lines agree between the text and its
// blanked copy, a run reads each file once however many operators name it, and one operator's
// RED-2 over the corpus blocks that share a window with its own answers as the whole corpus does.
#include "memory_tree.hpp"

#include <odo/refactor/assess_phase.hpp>
#include <odo/refactor/corpus_modes.hpp>
#include <odo/refactor/prepared_sources.hpp>
#include <odo/refactor/settings.hpp>
#include <odo/refactor/source_view.hpp>
#include <odo/repo/operator.hpp>

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

using namespace odo::refactor;

namespace {

// A MemoryTree that counts the reads of each path.
class CountingTree final : public odo::repo::SourceTree {
public:
    odo::testing::MemoryTree inner;
    mutable std::map<std::string, int> reads;

    std::optional<std::string> read(const std::string& path) const override {
        ++reads[path];
        return inner.read(path);
    }
    std::vector<std::string> files_under(const std::string& dir) const override {
        return inner.files_under(dir);
    }
};

std::string findings_text(const std::vector<Finding>& findings) {
    std::string out;
    for (const Finding& f : findings)
        out += f.id + " " + std::string(to_string(f.status)) + " " + f.summary + " | " +
               f.evidence + "\n";
    return out;
}

} // namespace

TEST_CASE("a source view: the text, its blanked and stripped copies, one line index for both") {
    const std::string text = "int a; // one\n/* two\n three */ int b = '\"';\nlast \"//x\"";
    const SourceView v("p.cu", text);
    CHECK(v.path() == "p.cu");
    CHECK(v.text() == text);
    CHECK(v.blanked() == odo::review::blank_comments(text));
    CHECK(v.code() == strip_code(text));
    REQUIRE(v.line_count() == 4);
    CHECK(v.text_line(0) == "int a; // one");
    CHECK(v.blanked_line(0) == "int a;       ");
    CHECK(v.blanked_line(2) == std::string(10, ' ') + "int b = '\"';");
    CHECK(v.text_line(3) == "last \"//x\"");
    CHECK(v.blanked_line(3) == "last \"//x\"");
    const SourceView copy = v; // offsets, not views: a copy reads its own text
    CHECK(copy.text_line(2) == " three */ int b = '\"';");
    CHECK(SourceView("e.cu", "").line_count() == 0);
    // The lines whose blanked view holds a word, each once: not in a comment, twice on a line.
    const SourceView words("w.cu", "int b; // int\n/* int */\nint int;\n\nb int");
    CHECK(words.blanked_lines_with("int") == std::vector<std::size_t>{0, 2, 4});
    CHECK(words.blanked_lines_with("b") == std::vector<std::size_t>{0, 4});
    CHECK(words.blanked_lines_with("missing").empty());
    CHECK(words.blanked_lines_with("") == std::vector<std::size_t>{0, 1, 2, 3, 4});
    CHECK(SourceView("e.cu", "").blanked_lines_with("").empty());
}

TEST_CASE("prepared sources read a file once, in the order asked, and skip missing files") {
    CountingTree tree;
    tree.inner.files["a.cu"] = "void f()\n{\n  x();\n}\n";
    tree.inner.files["b.cu"] = "int b;\n";
    PreparedSources sources(tree, 1);
    const auto first = sources.get({"b.cu", "missing.cu", "a.cu"});
    REQUIRE(first.size() == 2);
    CHECK(first[0]->view->path() == "b.cu");
    CHECK(first[1]->view->path() == "a.cu");
    REQUIRE(first[1]->blocks.size() == 1);
    CHECK(first[1]->blocks[0].name == "f");
    const auto again = sources.get({"a.cu", "missing.cu"});
    REQUIRE(again.size() == 1);
    CHECK(again[0] == first[1]);
    sources.release("a.cu"); // its text goes, its bodies stay, and it is not read again
    const auto released = sources.get({"a.cu"});
    REQUIRE(released.size() == 1);
    CHECK_FALSE(released[0]->view);
    REQUIRE(released[0]->blocks.size() == 1);
    CHECK(released[0]->blocks[0].name == "f");
    CHECK(tree.reads == std::map<std::string, int>{{"a.cu", 1}, {"b.cu", 1}, {"missing.cu", 1}});
}

TEST_CASE("one operator's RED-2 from the blocks sharing a window equals the whole corpus's") {
    // Three operators; two repeat a body of the first, one only in part; a fourth file shares
    // nothing. The whole-corpus index and the filtered one must give the same findings.
    auto body = [](int from, int n) {
        std::string out = "{\n";
        for (int k = from; k < from + n; ++k)
            out += "    v" + std::to_string(k) + " = in[" + std::to_string(k) + "] * 3;\n";
        return out + "}\n";
    };
    odo::testing::MemoryTree tree;
    const auto layout = odo::repo::Layout::cvcuda();
    tree.files["src/cvcuda/priv/OpA.cu"] = "void kern()\n" + body(0, 12) + "void own()\n" +
                                           body(100, 8) + "void lone()\n" + body(300, 7);
    tree.files["src/cvcuda/priv/OpB.cu"] = "void copy()\n" + body(0, 12);
    tree.files["src/cvcuda/priv/OpC.cu"] =
        "void near()\n" + body(1, 12) + "void also()\n" + body(0, 12);
    tree.files["src/cvcuda/priv/OpD.cu"] = "void other()\n" + body(500, 9);
    AssessSettings s = layout_settings(layout);
    s.domains = {"impl"};
    for (const char* name : {"A", "B", "C", "D"}) {
        odo::repo::OperatorPaths op;
        op.op = op.operator_name = name;
        op.priv = {std::string("src/cvcuda/priv/Op") + name + ".cu"};
        CAPTURE(name);
        PreparedSources sources(tree, s.floor());
        const ShingleIndex whole(corpus_blocks(tree, s.priv_dir, op.priv, s.floor()));
        const auto filtered = assess_findings({op, tree}, s);
        CHECK(findings_text(filtered) ==
              findings_text(assess_findings({op, tree}, s, whole, sources)));
        if (std::string(name) == "A")
            CHECK(findings_text(filtered).find(
                      "RED-2 RECOMMENDATION 'kern' is repeated in 2 other") != std::string::npos);
    }
}

TEST_CASE("the whole-library pass counts what assess finds per operator, reading each file once") {
    // A and B share a kernel file and B repeats A's bodies; C's body is repeated by a file no
    // operator owns. RED-2 runs last, once every operator's texts have gone, from their bodies.
    auto body = [](int from, int n) {
        std::string out = "{\n";
        for (int k = from; k < from + n; ++k)
            out += "    v" + std::to_string(k) + " = in[" + std::to_string(k) + "] * 3;\n";
        return out + "}\n";
    };
    CountingTree tree;
    auto& files = tree.inner.files;
    files["src/cvcuda/priv/OpA.cu"] =
        "static void kern()\n" + body(0, 12) + "void own()\n" + body(100, 8);
    files["src/cvcuda/priv/Shared.cu"] = "void shared()\n" + body(200, 9);
    files["src/cvcuda/priv/OpB.cu"] = "void copy()\n" + body(0, 12) + "void twin()\n" +
                                      body(100, 8) + "void twin2()\n" + body(100, 8);
    files["src/cvcuda/priv/OpC.cu"] = "void lone()\n" + body(300, 7);
    files["src/cvcuda/priv/Extra.cu"] = "void again()\n" + body(300, 7);
    files["python/mod_cvcuda/operators/OpA.cpp"] = "void bind()\n" + body(400, 7);
    files["python/mod_cvcuda/operators/OpB.cpp"] =
        "void bindB()\n" + body(400, 7) + "void bindC()\n" + body(400, 7);
    const AssessSettings s = layout_settings(odo::repo::Layout::cvcuda());
    std::vector<odo::repo::OperatorPaths> ops(3);
    for (std::size_t k = 0; k < ops.size(); ++k) {
        const std::string name(1, static_cast<char>('A' + k));
        ops[k].op = ops[k].operator_name = name;
        ops[k].priv = {"src/cvcuda/priv/Op" + name + ".cu"};
        ops[k].header = "src/cvcuda/include/cvcuda/Op" + name + ".h"; // RED-3 reads it
        files[ops[k].header] = "// Op" + name + "\n";
        if (name != "C") {
            ops[k].priv.push_back("src/cvcuda/priv/Shared.cu");
            ops[k].pybind = "python/mod_cvcuda/operators/Op" + name + ".cpp";
        }
    }
    const auto rows = all_operators(ops, tree, s);
    for (const auto& [path, reads] : tree.reads) {
        CAPTURE(path);
        CHECK(reads == 1);
    }
    CHECK(tree.reads.size() == files.size());
    PreparedSources sources(tree.inner, s.floor());
    const ShingleIndex whole(corpus_blocks(tree.inner, s.priv_dir, {}, s.floor()));
    REQUIRE(rows.size() == ops.size());
    for (std::size_t k = 0; k < ops.size(); ++k) {
        CAPTURE(ops[k].op);
        const auto counts = open_counts(assess_findings({ops[k], tree.inner}, s, whole, sources));
        CHECK(rows[k].by_id == counts);
        std::size_t open = 0;
        for (const auto& entry : counts)
            open += entry.second;
        CHECK(rows[k].open == open);
    }
    CHECK(rows[0].by_id.count("RED-2") == 1);
    CHECK(rows[2].by_id.count("RED-2") == 1);
}
