module @jit_scan_square_layers attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x4096x4096xf32>, %arg1: tensor<64x4096xf32>) -> (tensor<64x4096xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c, %iterArg_1 = %arg1) : tensor<8x4096x4096xf32>, tensor<i32>, tensor<64x4096xf32>
    cond {
      %c_2 = stablehlo.constant dense<8> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_0) : (tensor<8x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %2 = func.call @closed_call(%iterArg_1, %1) : (tensor<64x4096xf32>, tensor<4096x4096xf32>) -> tensor<64x4096xf32>
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_0, %c_2 : tensor<i32>
      stablehlo.return %iterArg, %3, %2 : tensor<8x4096x4096xf32>, tensor<i32>, tensor<64x4096xf32>
    }
    return %0#2 : tensor<64x4096xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<8x4096x4096xf32>, %arg1: tensor<i32>) -> tensor<4096x4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 4096] : (tensor<8x4096x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x4096xf32>) -> tensor<4096x4096xf32>
    return %1 : tensor<4096x4096xf32>
  }
  func.func private @closed_call(%arg0: tensor<64x4096xf32>, %arg1: tensor<4096x4096xf32>) -> tensor<64x4096xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096xf32>, tensor<4096x4096xf32>) -> tensor<64x4096xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<64x4096xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<64x4096xf32>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x4096xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<64x4096xf32>
    %5 = stablehlo.add %0, %4 : tensor<64x4096xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x4096xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<64x4096xf32>
    %8 = stablehlo.tanh %7 : tensor<64x4096xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64x4096xf32>
    %10 = stablehlo.add %9, %8 : tensor<64x4096xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64x4096xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<64x4096xf32>
    %13 = stablehlo.multiply %0, %12 : tensor<64x4096xf32>
    %14 = stablehlo.add %arg0, %13 : tensor<64x4096xf32>
    return %14 : tensor<64x4096xf32>
  }
}
