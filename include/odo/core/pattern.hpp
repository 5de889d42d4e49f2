#pragma once
// A regular-expression search for the patterns odo's gates apply to text an MR author wrote.
//
// Why not std::regex: libstdc++'s matcher recurses once per character a quantifier consumes, so a
// checklist line of "EXPECT_EQ" followed by a million spaces overflows the stack of the evidence
// gate; and <regex> costs every translation unit that includes it seconds of code generation.
// Pattern compiles the subset of ECMAScript syntax odo's checks use into a program for a Pike
// machine: every thread advances one character at a time, so a search is linear in the text
// (times the program's size) and never recurses.
//
// Syntax: literals; `.` (not \n or \r); escapes \d \D \s \S \w \W (ASCII classes, as std::regex in
// the "C" locale), \b \B, \n \t \r \f \v and escaped punctuation; classes `[...]` / `[^...]` with
// ranges and those escapes; groups `(...)` / `(?:...)`; alternation `|`; quantifiers `*` `+` `?`
// `{m}`
// `{m,}` `{m,n}`, greedy or lazy (a yes/no search cannot tell them apart). Anything else (anchors,
// backreferences, lookaround) is refused when the pattern is built.
#include <bitset>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo {

class Pattern {
public:
    enum class Case { sensitive, insensitive };

    // Throws std::invalid_argument, naming the pattern and the offset, for syntax outside the
    // subset above: patterns are odo's own constants, so this is a programming error.
    explicit Pattern(std::string_view pattern, Case letter_case = Case::sensitive);

    // Whether the pattern matches anywhere in `text` (what std::regex_search answers).
    bool found_in(std::string_view text) const;

private:
    using CharSet = std::bitset<256>;
    struct Node;
    struct Instruction {
        enum class Op { consume, split, jump, word_boundary, not_word_boundary, accept };
        Op op = Op::accept;
        int next = 0;      // jump and split target
        int alternate = 0; // split's second target
        CharSet set;       // what `consume` accepts
    };
    class Parser;

    void emit(const Node& node);
    void emit_repeat(const Node& node);
    int add(Instruction instruction);
    void follow(std::vector<int>& threads, std::vector<std::size_t>& seen, int start,
                std::string_view text, std::size_t at, bool& accepted) const;

    std::vector<Instruction> program_;
};

inline bool find_pattern(std::string_view text, std::string_view pattern,
                         Pattern::Case letter_case = Pattern::Case::sensitive) {
    return Pattern(pattern, letter_case).found_in(text);
}

// ---------------------------------------------------------------------------------------------

struct Pattern::Node {
    enum class Kind { set, sequence, choice, repeat, word_boundary, not_word_boundary };
    Kind kind = Kind::sequence;
    CharSet set;
    std::vector<Node> parts;
    int min = 0, max = -1; // repeat bounds; max -1 is unbounded
};

namespace detail {

inline bool pattern_word_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace detail

class Pattern::Parser {
public:
    Parser(std::string_view pattern, Case letter_case)
        : text_(pattern), insensitive_(letter_case == Case::insensitive) {}

    Node parse() {
        Node root = choice();
        if (at_ < text_.size())
            fail("unbalanced ')'");
        return root;
    }

private:
    // Upper bound on a counted repetition: the program holds one copy of the operand per count.
    static constexpr int max_count = 1000;

    [[noreturn]] void fail(const char* why) const {
        throw std::invalid_argument("pattern \"" + std::string(text_) + "\" at offset " +
                                    std::to_string(at_) + ": " + why);
    }
    bool more() const { return at_ < text_.size(); }
    char peek() const { return text_[at_]; }

    Node choice() {
        Node node;
        node.kind = Node::Kind::choice;
        node.parts.push_back(sequence());
        while (more() && peek() == '|') {
            ++at_;
            node.parts.push_back(sequence());
        }
        return node.parts.size() == 1 ? std::move(node.parts.front()) : node;
    }

    Node sequence() {
        Node node;
        while (more() && peek() != '|' && peek() != ')')
            node.parts.push_back(repeated());
        return node;
    }

    Node repeated() {
        Node operand = atom();
        if (!more())
            return operand;
        int min = 0, max = -1;
        switch (peek()) {
        case '*':
            ++at_;
            break;
        case '+':
            ++at_, min = 1;
            break;
        case '?':
            ++at_, max = 1;
            break;
        case '{':
            counts(min, max);
            break;
        default:
            return operand;
        }
        if (more() && peek() == '?')
            ++at_; // lazy: the same yes/no answer
        if (more() && (peek() == '*' || peek() == '+' || peek() == '{'))
            fail("a quantifier follows a quantifier");
        Node node;
        node.kind = Node::Kind::repeat;
        node.min = min;
        node.max = max;
        node.parts.push_back(std::move(operand));
        return node;
    }

    void counts(int& min, int& max) {
        ++at_; // '{'
        min = number();
        max = min;
        if (more() && peek() == ',') {
            ++at_;
            max = more() && peek() == '}' ? -1 : number();
        }
        if (!more() || peek() != '}')
            fail("expected '}'");
        ++at_;
        if (max != -1 && max < min)
            fail("{m,n} with n < m");
    }

    int number() {
        int value = 0;
        const std::size_t start = at_;
        while (more() && peek() >= '0' && peek() <= '9') {
            value = value * 10 + (peek() - '0');
            if (value > max_count)
                fail("repetition count too large");
            ++at_;
        }
        if (at_ == start)
            fail("expected a number");
        return value;
    }

    Node atom() {
        if (!more())
            fail("expected an expression");
        const char c = text_[at_++];
        switch (c) {
        case '(':
            return group();
        case '[':
            return set_node(bracket());
        case '.':
            return set_node(~(single('\n') | single('\r'))); // as ECMAScript
        case '\\':
            return escape();
        case ')':
        case '|':
            fail("empty alternative");
        case '*':
        case '+':
        case '?':
        case '{':
            fail("nothing to repeat");
        case '^':
        case '$':
        case ']':
        case '}':
            fail("unsupported syntax");
        default:
            return set_node(literal(c));
        }
    }

    Node group() {
        if (text_.substr(at_, 2) == "?:")
            at_ += 2;
        else if (more() && peek() == '?')
            fail("unsupported group");
        Node inner = choice();
        if (!more() || peek() != ')')
            fail("expected ')'");
        ++at_;
        return inner;
    }

    Node escape() {
        if (!more())
            fail("trailing backslash");
        const char c = text_[at_++];
        if (c == 'b' || c == 'B') {
            Node node;
            node.kind = c == 'b' ? Node::Kind::word_boundary : Node::Kind::not_word_boundary;
            return node;
        }
        return set_node(escaped(c));
    }

    // The set an escape stands for, inside or outside a class.
    CharSet escaped(char c) const {
        switch (c) {
        case 'd':
            return digits();
        case 'D':
            return ~digits();
        case 's':
            return spaces();
        case 'S':
            return ~spaces();
        case 'w':
            return word();
        case 'W':
            return ~word();
        case 'n':
            return single('\n');
        case 't':
            return single('\t');
        case 'r':
            return single('\r');
        case 'f':
            return single('\f');
        case 'v':
            return single('\v');
        default:
            break;
        }
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x80 && !detail::pattern_word_char(u))
            return literal(c); // escaped punctuation
        fail("unsupported escape");
    }

    CharSet bracket() {
        const bool negated = more() && peek() == '^';
        if (negated)
            ++at_;
        CharSet set;
        bool first = true;
        while (more() && (peek() != ']' || first)) {
            if (peek() == ']')
                fail("empty class");
            first = false;
            set |= class_item();
        }
        if (!more())
            fail("expected ']'");
        ++at_;
        return negated ? ~set : set;
    }

    CharSet class_item() {
        const char c = text_[at_++];
        if (c == '\\') {
            if (!more())
                fail("trailing backslash");
            const char e = text_[at_++];
            if (e == 'b' || e == 'B')
                fail("unsupported escape in a class");
            return escaped(e);
        }
        if (at_ + 1 < text_.size() && peek() == '-' && text_[at_ + 1] != ']') {
            const char last = text_[at_ + 1];
            if (last == '\\' || static_cast<unsigned char>(last) < static_cast<unsigned char>(c))
                fail("unsupported range");
            at_ += 2;
            CharSet set;
            for (unsigned v = static_cast<unsigned char>(c); v <= static_cast<unsigned char>(last);
                 ++v)
                set |= literal(static_cast<char>(v));
            return set;
        }
        return literal(c);
    }

    static CharSet single(char c) {
        CharSet set;
        set.set(static_cast<unsigned char>(c));
        return set;
    }
    CharSet literal(char c) const {
        CharSet set = single(c);
        if (insensitive_ && c >= 'a' && c <= 'z')
            set.set(static_cast<unsigned char>(c - 'a' + 'A'));
        if (insensitive_ && c >= 'A' && c <= 'Z')
            set.set(static_cast<unsigned char>(c - 'A' + 'a'));
        return set;
    }
    static CharSet digits() {
        CharSet set;
        for (char c = '0'; c <= '9'; ++c)
            set.set(static_cast<unsigned char>(c));
        return set;
    }
    static CharSet spaces() {
        CharSet set;
        for (const char c : {' ', '\t', '\n', '\r', '\f', '\v'})
            set.set(static_cast<unsigned char>(c));
        return set;
    }
    static CharSet word() {
        CharSet set;
        for (unsigned c = 0; c < 256; ++c)
            set[c] = detail::pattern_word_char(static_cast<unsigned char>(c));
        return set;
    }
    static Node set_node(const CharSet& set) {
        Node node;
        node.kind = Node::Kind::set;
        node.set = set;
        return node;
    }

    std::string_view text_;
    bool insensitive_;
    std::size_t at_ = 0;
};

inline Pattern::Pattern(std::string_view pattern, Case letter_case) {
    emit(Parser(pattern, letter_case).parse());
    add({Instruction::Op::accept, 0, 0, {}});
}

inline int Pattern::add(Instruction instruction) {
    program_.push_back(std::move(instruction));
    return static_cast<int>(program_.size()) - 1;
}

inline void Pattern::emit(const Node& node) {
    using Op = Instruction::Op;
    switch (node.kind) {
    case Node::Kind::set:
        add({Op::consume, 0, 0, node.set});
        return;
    case Node::Kind::word_boundary:
        add({Op::word_boundary, 0, 0, {}});
        return;
    case Node::Kind::not_word_boundary:
        add({Op::not_word_boundary, 0, 0, {}});
        return;
    case Node::Kind::sequence:
        for (const Node& part : node.parts)
            emit(part);
        return;
    case Node::Kind::repeat:
        emit_repeat(node);
        return;
    case Node::Kind::choice:
        break;
    }
    // split a | split b | c, each branch jumping past the last.
    std::vector<int> exits;
    for (std::size_t i = 0; i < node.parts.size(); ++i) {
        const bool last = i + 1 == node.parts.size();
        const int split = last ? -1 : add({Op::split, 0, 0, {}});
        if (!last)
            program_[split].next = split + 1;
        emit(node.parts[i]);
        if (!last) {
            exits.push_back(add({Op::jump, 0, 0, {}}));
            program_[split].alternate = static_cast<int>(program_.size());
        }
    }
    for (const int exit : exits)
        program_[exit].next = static_cast<int>(program_.size());
}

inline void Pattern::emit_repeat(const Node& node) {
    using Op = Instruction::Op;
    const Node& operand = node.parts.front();
    for (int i = 0; i < node.min; ++i)
        emit(operand);
    if (node.max == -1) { // loop: split body, out; body; jump split
        const int split = add({Op::split, 0, 0, {}});
        program_[split].next = split + 1;
        emit(operand);
        add({Op::jump, split, 0, {}});
        program_[split].alternate = static_cast<int>(program_.size());
        return;
    }
    std::vector<int> skips; // each optional copy may be skipped to the end
    for (int i = node.min; i < node.max; ++i) {
        const int split = add({Op::split, 0, 0, {}});
        program_[split].next = split + 1;
        skips.push_back(split);
        emit(operand);
    }
    for (const int split : skips)
        program_[split].alternate = static_cast<int>(program_.size());
}

// Adds the threads reachable from `start` without consuming a character at text offset `at`:
// `consume` instructions go to `threads`; an `accept` sets `accepted`. `seen` marks what this
// offset has visited (offset + 1), so each instruction is followed once per offset.
inline void Pattern::follow(std::vector<int>& threads, std::vector<std::size_t>& seen, int start,
                            std::string_view text, std::size_t at, bool& accepted) const {
    using Op = Instruction::Op;
    const bool word_before = at > 0 && detail::pattern_word_char(text[at - 1]);
    const bool word_after = at < text.size() && detail::pattern_word_char(text[at]);
    std::vector<int> pending{start};
    while (!pending.empty()) {
        const int pc = pending.back();
        pending.pop_back();
        if (seen[pc] == at + 1)
            continue;
        seen[pc] = at + 1;
        const Instruction& in = program_[pc];
        switch (in.op) {
        case Op::consume:
            threads.push_back(pc);
            break;
        case Op::accept:
            accepted = true;
            return;
        case Op::jump:
            pending.push_back(in.next);
            break;
        case Op::split:
            pending.push_back(in.alternate);
            pending.push_back(in.next);
            break;
        case Op::word_boundary:
            if (word_before != word_after)
                pending.push_back(pc + 1);
            break;
        case Op::not_word_boundary:
            if (word_before == word_after)
                pending.push_back(pc + 1);
            break;
        }
    }
}

inline bool Pattern::found_in(std::string_view text) const {
    std::vector<std::size_t> seen(program_.size(), 0);
    std::vector<int> current, next;
    bool accepted = false;
    for (std::size_t at = 0;; ++at) {
        follow(current, seen, 0, text, at, accepted); // a match may start at every offset
        if (accepted)
            return true;
        if (at == text.size())
            return false;
        const auto c = static_cast<unsigned char>(text[at]);
        next.clear();
        for (const int pc : current)
            if (program_[pc].set[c])
                follow(next, seen, pc + 1, text, at + 1, accepted);
        if (accepted)
            return true;
        current.swap(next);
    }
}

} // namespace odo
