// SPDX-License-Identifier: Apache-2.0
#include "Operators.hpp"

namespace cvcudapy {
namespace {
Tensor FlipInto(Tensor &output, Tensor &input, std::optional<Stream> pstream)
{
    return output;
}

Tensor Flip(Tensor &input, std::optional<Stream> pstream)
{
    return input;
}
} // namespace

void ExportOpFlip(py::module &m)
{
    using namespace pybind11::literals;
    m.def("flip", &Flip, "src"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("flip_into", &FlipInto, "dst"_a, "src"_a, py::kw_only(), "stream"_a = nullptr);
}
} // namespace cvcudapy
