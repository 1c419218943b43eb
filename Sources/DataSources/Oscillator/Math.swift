import Foundation

@inline(__always) func _log(_ x: Double) -> Double { Foundation.log(x) }
@inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { Foundation.sin(x) }
@inline(__always) func _exp(_ x: Double) -> Double { Foundation.exp(x) }
